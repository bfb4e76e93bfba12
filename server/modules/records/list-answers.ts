import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { NotifyChannel } from "../../db/notify-channel.ts";
import { COMPRESSION_THRESHOLD, compressed, type Encoding } from "../../http/compression.ts";
import { isWrite } from "../../http/same-site.ts";

/**
 * The owner's record lists (GET /api/records/{module}/{category}) kept whole, as the JSON bytes
 * sent, so that a list asked again costs neither a query, nor building its JSON, nor encoding it:
 * the design's throughput budget leaves a repeated list little more than the framework's own
 * cost (DESIGN.md). A list sent compressed (browsers ask for it) keeps its compressed copy beside
 * it, made once per encoding as @fastify/compress would make it (http/compression.ts).
 *
 * Keyed by owner and category: an answer is only ever served to the account it lists, and to that
 * account's released nominees whose grant shows the category (sharing/shared-record-reads.ts,
 * after its access checks): the list is the owner's whatever its reader, built by the same
 * reader (records/reader.ts listOf), so both routes send the same bytes. It depends
 * on the owner's records and on the rows their reference columns name (persons, addresses,
 * institutions, documents, other records), all of them the owner's and written only by the
 * owner's own requests or by the account's deletion. So every request of a signed-in account
 * that may write (same-site.ts isWrite) drops that account's answers once its handler is done,
 * before its answer leaves (`dropListsAfterWrites`), and the account's deletion drops them too
 * (records/routes.ts forgetRecords). A route that knows which lists its write can change says so
 * (`listsChanged` in its config: a record's create, replace and delete name the record's category
 * and the lists that show records), and only those go: the owner's other lists stay kept across
 * the saves of one category, the most frequent write. Any other write drops them all.
 *
 * Exact on one server: a write is committed before its handler returns, and an answer built while
 * a change happened is not kept (the change counter moved). Several servers on one PostgreSQL:
 * `changed` also notifies the others (db/notify-channel.ts), which drop the owner's answers when
 * the notification arrives, a few milliseconds after the commit: in that window another server
 * may still answer the list as it was (read-your-writes holds on the writer's server). While a
 * server's listening connection is lost it keeps and serves nothing, until LISTEN runs again; a
 * silent cut is found by the channel's heartbeat within about 10 s, the bound of that window.
 *
 * Bounded by size: the least recently used owners' answers go first.
 */
const MAX_BYTES = 32 * 1024 * 1024;

/** A kept list: its JSON, and the compressed copies asked for so far. */
type Kept = { json: Buffer; encoded: Partial<Record<Encoding, Buffer>> };

/** What the list route sends: the bytes, and their content encoding when they are compressed. */
export type ListAnswer = { body: Buffer; encoding?: Encoding };

function sizeOf(kept: Kept): number {
  return kept.json.byteLength + (kept.encoded.br?.byteLength ?? 0) + (kept.encoded.gzip?.byteLength ?? 0);
}

/** The answer in the encoding asked for, made (and kept in `kept`) on first use. Small lists go as they are. */
function answerOf(kept: Kept, encoding: Encoding | undefined): ListAnswer {
  if (encoding === undefined || kept.json.byteLength < COMPRESSION_THRESHOLD) return { body: kept.json };
  let body = kept.encoded[encoding];
  if (body === undefined) {
    body = compressed(kept.json, encoding);
    kept.encoded[encoding] = body;
  }
  return { body, encoding };
}

/** The type Fastify gives JSON it serialises itself. */
export const JSON_TYPE = "application/json; charset=utf-8";

/** Sends a list answer as Fastify would send the list's JSON, compressed by @fastify/compress. */
export function sendListAnswer(reply: FastifyReply, { body, encoding }: ListAnswer): FastifyReply {
  if (encoding !== undefined) reply.header("content-encoding", encoding).header("vary", "accept-encoding");
  return reply.type(JSON_TYPE).send(body);
}

export type ListAnswers = ReturnType<typeof createListAnswers>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The owner's lists this route's write can change (category keys); unsaid: every list. */
    listsChanged?: readonly string[];
  }
}

/** A change told to the app servers: who tells it, whose lists, and which when not all. */
type Change = { server: string; ownerId: string; categories?: string[] };

/** The notification's text: the fields apart by spaces (ids and category keys hold none). */
function changeMessage({ server, ownerId, categories }: Change): string {
  return categories === undefined ? `${server} ${ownerId}` : `${server} ${ownerId} ${categories.join(",")}`;
}

function parseChange(message: string): Change {
  const fields = message.split(" ");
  // A server of the version before names the owner alone (during a rolling update): all their lists.
  if (fields.length === 1) return { server: "", ownerId: message };
  const [server = "", ownerId = "", categories] = fields;
  return categories === undefined
    ? { server, ownerId }
    : { server, ownerId, categories: categories === "" ? [] : categories.split(",") };
}

export function createListAnswers(options: { channel?: NotifyChannel; maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  // owner -> category -> JSON; a Map keeps insertion order, so its first owner is the least recently used.
  const owners = new Map<string, Map<string, Kept>>();
  let bytes = 0;
  // Moves with every change: an answer built across one is not kept.
  let changes = 0;
  // False while the channel is down: another server's change could go unheard.
  let listening = options.channel === undefined;

  function dropOwner(ownerId: string): void {
    const answers = owners.get(ownerId);
    if (answers === undefined) return;
    for (const kept of answers.values()) bytes -= sizeOf(kept);
    owners.delete(ownerId);
  }

  function dropAll(): void {
    changes += 1;
    owners.clear();
    bytes = 0;
  }

  /** The owner's answers of these categories, or all of them. */
  function dropChanged(ownerId: string, categories?: readonly string[]): void {
    changes += 1;
    const answers = owners.get(ownerId);
    if (categories === undefined || answers === undefined) {
      dropOwner(ownerId);
      return;
    }
    for (const category of categories) {
      const kept = answers.get(category);
      if (kept === undefined) continue;
      bytes -= sizeOf(kept);
      answers.delete(category);
    }
    if (answers.size === 0) owners.delete(ownerId);
  }

  function keep(ownerId: string, category: string, kept: Kept): void {
    const size = sizeOf(kept);
    if (size > maxBytes) return;
    let answers = owners.get(ownerId);
    if (answers === undefined) {
      answers = new Map();
      owners.set(ownerId, answers);
    }
    const previous = answers.get(category);
    bytes += size - (previous === undefined ? 0 : sizeOf(previous));
    answers.set(category, kept);
    trim();
  }

  function trim(): void {
    while (bytes > maxBytes) {
      const oldest = owners.keys().next().value as string;
      dropOwner(oldest);
    }
  }

  // This server's own notifications come back to it too: it dropped those answers already, and
  // dropping them again would only build them once more (or refuse to keep one being built).
  const server = randomUUID();
  options.channel?.listen({
    message: (payload) => {
      const change = parseChange(payload);
      if (change.server !== server) dropChanged(change.ownerId, change.categories);
    },
    down() {
      listening = false;
      dropAll();
    },
    up() {
      dropAll();
      listening = true;
    },
  });

  return {
    /**
     * The owner's list of the category, as JSON in the encoding asked for (none: as it is): kept,
     * or built by `build` (and kept if nothing changed meanwhile).
     */
    async answer(
      ownerId: string,
      category: string,
      build: () => Promise<string>,
      encoding?: Encoding,
    ): Promise<ListAnswer> {
      const answers = owners.get(ownerId);
      const kept = answers?.get(category);
      if (kept !== undefined && answers !== undefined) {
        // Most recently used last.
        owners.delete(ownerId);
        owners.set(ownerId, answers);
        const before = sizeOf(kept);
        const answer = answerOf(kept, encoding);
        bytes += sizeOf(kept) - before;
        trim();
        return answer;
      }
      const before = changes;
      const built: Kept = { json: Buffer.from(await build()), encoded: {} };
      const answer = answerOf(built, encoding);
      if (listening && changes === before) keep(ownerId, category, built);
      return answer;
    },

    /**
     * After a committed write of the owner's records: their lists (those of `categories`, or all)
     * are built again, on this server at once, on the others when the notification arrives.
     */
    async changed(ownerId: string, categories?: readonly string[]): Promise<void> {
      dropChanged(ownerId, categories);
      await options.channel?.publish(
        changeMessage({
          server,
          ownerId,
          ...(categories === undefined ? {} : { categories: [...categories] }),
        }),
      );
    },

    close(): Promise<void> {
      dropAll();
      return options.channel?.close() ?? Promise.resolve();
    },
  };
}

/**
 * Drops the signed-in caller's list answers after each of its requests that may write (see
 * createListAnswers): after the handler, so after its commit, and before the answer is sent, so
 * that the writer's next list is built again.
 */
export function dropListsAfterWrites(app: FastifyInstance, answers: ListAnswers): void {
  // A callback, not async: reads, nearly every request, then cost no promise.
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (request.actor === null || !isWrite(request)) {
      done(null, payload);
      return;
    }
    // The answer stands whatever the notification's fate: the write is done (or failed on its own).
    // A database the notification cannot reach has, but for a cut falling between the write's
    // commit and its notification, cut the other servers' listeners too: they keep nothing meanwhile.
    answers.changed(request.actor.userId, request.routeOptions.config.listsChanged).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.warn({ err: error }, "the other app servers could not be told of a change to the lists");
        done(null, payload);
      },
    );
  });
}
