import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { SearchKind } from "../../../domain/schemas/search.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { ChangeHook } from "../../db/change-hook.ts";
import type { DB } from "../../db/schema.ts";
import type { RecordChangeHook } from "../records/service.ts";
import { termsOf } from "./blind-index.ts";
import { searchRepository } from "./repository.ts";
import type { SearchDoc, SearchSource } from "./source.ts";

/**
 * Keeps the search index right: each module tells it of a save or a delete (its change hooks),
 * and it reads the row again through the module's search source and replaces the row's terms.
 * A failure is logged, never the save's: the row is saved, and searches check every match against
 * the row as it is (search.ts), so a stale index can miss a row until its next save but never show
 * one wrongly.
 */
export type SearchIndexer = ReturnType<typeof createSearchIndexer>;

export function createSearchIndexer(options: {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  sources: readonly SearchSource[];
  log?: Pick<FastifyBaseLogger, "error">;
}) {
  const { db, dataKeys } = options;
  const terms = searchRepository(db);
  const sources = new Map(options.sources.map((source) => [source.kind, source]));

  function sourceOf(kind: SearchKind): SearchSource {
    const source = sources.get(kind);
    if (source === undefined) throw new Error(`no search source for ${kind}`);
    return source;
  }

  async function write(
    ownerId: string,
    kind: SearchKind,
    ids: readonly string[],
    docs: readonly SearchDoc[],
  ) {
    const key = await dataKeys.searchKeyFor(ownerId);
    await terms.replace(
      ownerId,
      ids.map((id) => ({ kind, id })),
      docs.flatMap((doc) => termsOf(ownerId, key, doc)),
    );
  }

  /** These rows' terms as the rows are now (a row gone loses its terms). */
  async function reindex(ownerId: string, kind: SearchKind, ids: readonly string[]): Promise<void> {
    await write(ownerId, kind, ids, await sourceOf(kind).read(ownerId, ids));
  }

  async function safely(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      options.log?.error({ err: error }, "the search index could not follow a change");
    }
  }

  return {
    reindex,

    /** The terms of a row that is gone (a search found it missing). */
    forget(ownerId: string, kind: SearchKind, id: string): Promise<void> {
      return terms.remove(ownerId, { kind, id });
    },

    /**
     * The index's build for one owner: every row that has no terms yet (a row saved since the index
     * existed has them, as it is now). Idempotent: a second run finds nothing to add.
     */
    async build(ownerId: string): Promise<void> {
      for (const source of sources.values()) {
        const indexed = await terms.indexedIds(ownerId, source.kind);
        const docs = (await source.readAll(ownerId)).filter((doc) => !indexed.has(doc.id));
        if (docs.length > 0) await write(ownerId, source.kind, [], docs);
      }
    },

    /** The change hook of a module's rows of this kind. */
    hookFor(kind: SearchKind): ChangeHook {
      return {
        saved: (ownerId, id) => safely(() => reindex(ownerId, kind, [id])),
        deleted: (ownerId, id) => safely(() => terms.remove(ownerId, { kind, id })),
      };
    },

    /** The records module's change hook. */
    recordHook(): RecordChangeHook {
      return {
        saved: (ownerId, id) => safely(() => reindex(ownerId, "record", [id])),
        deleted: (ownerId, id) => safely(() => terms.remove(ownerId, { kind: "record", id })),
      };
    },
  };
}
