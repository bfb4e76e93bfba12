import type { FastifyReply } from "fastify";
import { categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import type { CommittedChange, CommittedSubscriber } from "../../file/changes.ts";
import { COMPRESSION_THRESHOLD, compressed, type Encoding } from "../../http/compression.ts";
import { listsChangedBy } from "./reader.ts";

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
 * reader (records/reader.ts listOf), so both routes send the same bytes. It depends on the
 * owner's records and on the rows their reference columns name (persons, addresses,
 * institutions, documents, other records), all of them the owner's file, whose every write is
 * published on the file's change bus (server/file/changes.ts) whoever makes it: a request, a job,
 * the CLI, an admin tool, an import. The answers follow the bus (`followChanges`): a record's
 * change drops the lists of its category and those that show records (reader.ts listsChangedBy),
 * so the owner's other lists stay kept across the saves of one category, the most frequent write;
 * any other change drops all the owner's lists. The account's deletion drops them too
 * (records/routes.ts forgetRecords).
 *
 * Exact on one server: the bus tells its subscribers after the commit, before the write's caller
 * goes on, and an answer built while a change to what it lists was told is not kept (it is stale).
 * SQLite written by another process (the CLI): `othersWrote` asks the database before each answer,
 * and everything is built again after such a write. Several servers on one PostgreSQL: the bus
 * tells the others, which drop the owner's answers when the notification arrives, a few
 * milliseconds after the commit: in that window another server may still answer the list as it
 * was (read-your-writes holds on the writer's server). While a server's listening connection is
 * lost it keeps and serves nothing, until LISTEN runs again; a silent cut is found by the
 * channel's heartbeat within two of its periods, the bound of that window.
 *
 * Bounded by size: the least recently used owners' answers go first.
 */
const MAX_BYTES = 32 * 1024 * 1024;

/** A kept list: its JSON, and the compressed copies asked for so far. */
type Kept = { json: Buffer; encoded: Partial<Record<Encoding, Buffer>> };

/** An answer being built: stale once a change it may miss is told while it is built. */
type Build = { category: string; stale: boolean };

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

export function createListAnswers(
  options: {
    maxBytes?: number;
    /** SQLite: whether another process committed a write since last asked (database.ts). */
    othersWrote?: () => boolean;
  } = {},
) {
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  // owner -> category -> JSON; a Map keeps insertion order, so its first owner is the least recently used.
  const owners = new Map<string, Map<string, Kept>>();
  let bytes = 0;
  // The answers being built, per owner: a change to what one lists marks it stale, and it is not kept.
  const building = new Map<string, Set<Build>>();
  // False while the bus hears no other server: one of their changes could go unheard.
  let listening = true;
  const othersWrote = options.othersWrote ?? (() => false);

  function dropOwner(ownerId: string): void {
    const answers = owners.get(ownerId);
    if (answers === undefined) return;
    for (const kept of answers.values()) bytes -= sizeOf(kept);
    owners.delete(ownerId);
  }

  function dropAll(): void {
    for (const builds of building.values()) for (const build of builds) build.stale = true;
    owners.clear();
    bytes = 0;
  }

  /** The owner's answers of these categories, or all of them. */
  function dropChanged(ownerId: string, categories?: readonly string[]): void {
    for (const build of building.get(ownerId) ?? []) {
      if (categories === undefined || categories.includes(build.category)) build.stale = true;
    }
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
      if (othersWrote()) dropAll();
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
      const inFlight: Build = { category, stale: false };
      let builds = building.get(ownerId);
      if (builds === undefined) {
        builds = new Set();
        building.set(ownerId, builds);
      }
      builds.add(inFlight);
      let json: string;
      try {
        json = await build();
        if (othersWrote()) dropAll();
      } finally {
        builds.delete(inFlight);
        if (builds.size === 0) building.delete(ownerId);
      }
      const built: Kept = { json: Buffer.from(json), encoded: {} };
      const answer = answerOf(built, encoding);
      if (listening && !inFlight.stale) keep(ownerId, category, built);
      return answer;
    },

    /** Follows the committed changes of the owner's files, this server's and the others' (the bus). */
    subscriber: {
      changed(committed: readonly CommittedChange[]): void {
        for (const [ownerId, categories] of listsChangedIn(committed)) dropChanged(ownerId, categories);
      },
      down(): void {
        listening = false;
        dropAll();
      },
      up(): void {
        dropAll();
        listening = true;
      },
    } satisfies CommittedSubscriber,
  };
}

/** Owner -> the lists the changes can change (category keys), or undefined for all of them. */
function listsChangedIn(committed: readonly CommittedChange[]): Map<string, string[] | undefined> {
  const lists = new Map<string, string[] | undefined>();
  for (const change of committed) {
    const { ownerId, category } = change;
    if (lists.has(ownerId) && lists.get(ownerId) === undefined) continue;
    if (change.kind !== "record" || category === undefined || !isCategoryKey(category)) {
      lists.set(ownerId, undefined);
      continue;
    }
    lists.set(ownerId, [
      ...new Set([...(lists.get(ownerId) ?? []), ...listsChangedBy(categoryDef(category))]),
    ]);
  }
  return lists;
}
