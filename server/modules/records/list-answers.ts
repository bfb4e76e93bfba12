import type { FastifyInstance } from "fastify";
import type { NotifyChannel } from "../../db/notify-channel.ts";
import { isWrite } from "../../http/same-site.ts";

/**
 * The owner's record lists (GET /api/records/{module}/{category}) kept whole, as the JSON bytes
 * sent, so that a list asked again costs neither a query, nor building its JSON, nor encoding it:
 * the design's throughput budget leaves a repeated list little more than the framework's own
 * cost (DESIGN.md). Compression, for clients that ask for it, still runs on every answer.
 *
 * Keyed by owner and category: an answer is only ever served to the account it lists. It depends
 * on the owner's records and on the rows their reference columns name (persons, addresses,
 * institutions, documents, other records), all of them the owner's and written only by the
 * owner's own requests or by the account's deletion. So every request of a signed-in account
 * that may write (same-site.ts isWrite) drops that account's answers once its handler is done,
 * before its answer leaves (`dropListsAfterWrites`), and the account's deletion drops them too
 * (records/routes.ts forgetRecords).
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

export type ListAnswers = ReturnType<typeof createListAnswers>;

export function createListAnswers(options: { channel?: NotifyChannel; maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  // owner -> category -> JSON; a Map keeps insertion order, so its first owner is the least recently used.
  const owners = new Map<string, Map<string, Buffer>>();
  let bytes = 0;
  // Moves with every change: an answer built across one is not kept.
  let changes = 0;
  // False while the channel is down: another server's change could go unheard.
  let listening = options.channel === undefined;

  function dropOwner(ownerId: string): void {
    const answers = owners.get(ownerId);
    if (answers === undefined) return;
    for (const json of answers.values()) bytes -= json.byteLength;
    owners.delete(ownerId);
  }

  function dropAll(): void {
    changes += 1;
    owners.clear();
    bytes = 0;
  }

  function dropChanged(ownerId: string): void {
    changes += 1;
    dropOwner(ownerId);
  }

  function keep(ownerId: string, category: string, json: Buffer): void {
    if (json.byteLength > maxBytes) return;
    let answers = owners.get(ownerId);
    if (answers === undefined) {
      answers = new Map();
      owners.set(ownerId, answers);
    }
    bytes += json.byteLength - (answers.get(category)?.byteLength ?? 0);
    answers.set(category, json);
    while (bytes > maxBytes) {
      const oldest = owners.keys().next().value as string;
      dropOwner(oldest);
    }
  }

  options.channel?.listen({
    message: dropChanged,
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
    /** The owner's list of the category as JSON: kept, or built by `build` (and kept if nothing changed meanwhile). */
    async answer(ownerId: string, category: string, build: () => Promise<string>): Promise<Buffer> {
      const answers = owners.get(ownerId);
      const kept = answers?.get(category);
      if (kept !== undefined && answers !== undefined) {
        // Most recently used last.
        owners.delete(ownerId);
        owners.set(ownerId, answers);
        return kept;
      }
      const before = changes;
      const json = Buffer.from(await build());
      if (listening && changes === before) keep(ownerId, category, json);
      return json;
    },

    /**
     * After a committed write of the owner's records: their lists are built again, on this server
     * at once, on the others when the notification arrives.
     */
    async changed(ownerId: string): Promise<void> {
      dropChanged(ownerId);
      await options.channel?.publish(ownerId);
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
    answers.changed(request.actor.userId).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.warn({ err: error }, "the other app servers could not be told of a change to the lists");
        done(null, payload);
      },
    );
  });
}
