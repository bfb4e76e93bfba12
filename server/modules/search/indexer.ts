import type { Kysely } from "kysely";
import type { SearchKind } from "../../../domain/schemas/search.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { ChangeHook } from "../../db/change-hook.ts";
import type { DB } from "../../db/schema.ts";
import type { RecordChangeHook } from "../records/service.ts";
import { termsOf } from "./blind-index.ts";
import { searchRepository } from "./repository.ts";
import type { SearchDoc, SearchSource } from "./source.ts";

/**
 * Keeps the search index right: each module tells it of a save or a delete (its change hooks),
 * and it reads the row again through the module's search source (a record's save gives its body,
 * which is used instead) and replaces the row's terms, in the save's own transaction: a row is
 * never saved without its terms, and a failure here fails the save (nothing is half written). Searches still check every match against the row as it is
 * (search.ts), so an index older than a row (a bug, a restore) never shows it wrongly.
 */
export type SearchIndexer = ReturnType<typeof createSearchIndexer>;

export function createSearchIndexer(options: {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  /** The modules' sources reading through a database or a transaction (sources.ts). */
  sources: (db: Kysely<DB>, dataKeys: DataKeys) => readonly SearchSource[];
}) {
  const { db, dataKeys } = options;
  const terms = searchRepository(db);
  const sources = options.sources(db, dataKeys);

  function sourceOf(kind: SearchKind, within: readonly SearchSource[]): SearchSource {
    const source = within.find((candidate) => candidate.kind === kind);
    if (source === undefined) throw new Error(`no search source for ${kind}`);
    return source;
  }

  async function write(
    trx: Kysely<DB>,
    ownerId: string,
    kind: SearchKind,
    ids: readonly string[],
    docs: readonly SearchDoc[],
  ) {
    const key = await dataKeys.within(trx).searchKeyFor(ownerId);
    await searchRepository(trx).replace(
      ownerId,
      ids.map((id) => ({ kind, id })),
      docs.flatMap((doc) => termsOf(ownerId, key, doc)),
    );
  }

  /** These rows' terms as the rows are now in `trx` (a row gone loses its terms). */
  async function reindex(
    trx: Kysely<DB>,
    ownerId: string,
    kind: SearchKind,
    ids: readonly string[],
  ): Promise<void> {
    const within = options.sources(trx, dataKeys.within(trx));
    await write(trx, ownerId, kind, ids, await sourceOf(kind, within).read(ownerId, ids));
  }

  return {
    reindex,

    /** The terms of a row that is gone (a search found it missing). */
    forget(ownerId: string, kind: SearchKind, id: string): Promise<void> {
      return terms.remove(ownerId, { kind, id });
    },

    /**
     * The index's build for one owner: every row that has no terms yet (a row saved since the index
     * existed has them, as it is now). Idempotent: a second run finds nothing to add. In `trx`
     * when given (a file import's transaction, whose rows it indexes with them).
     */
    async build(ownerId: string, trx?: Kysely<DB>): Promise<void> {
      const within = trx ?? db;
      const read = trx === undefined ? sources : options.sources(trx, dataKeys.within(trx));
      for (const source of read) {
        const indexed = await searchRepository(within).indexedIds(ownerId, source.kind);
        const docs = (await source.readAll(ownerId)).filter((doc) => !indexed.has(doc.id));
        if (docs.length > 0) await write(within, ownerId, source.kind, [], docs);
      }
    },

    /** The change hook of a module's rows of this kind: a saved row is read again in its transaction. */
    hookFor(kind: SearchKind): ChangeHook {
      return {
        saved: (trx, ownerId, id) => reindex(trx, ownerId, kind, [id]),
        deleted: (trx, ownerId, id) => searchRepository(trx).remove(ownerId, { kind, id }),
      };
    },

    /**
     * Records' change hook: a save hands over the body it stored, so the terms are made from that
     * body (`docOf`, the records' search source's), not from reading and opening the row again:
     * one query and one decryption fewer in every record's save.
     */
    recordHook(
      docOf: (record: { id: string; module: string; category: string }, body: RecordBody) => SearchDoc,
    ): RecordChangeHook {
      return {
        saved: (trx, ownerId, id, category, body) =>
          write(
            trx,
            ownerId,
            "record",
            [id],
            [docOf({ id, module: category.module, category: category.key }, body)],
          ),
        deleted: (trx, ownerId, id) => searchRepository(trx).remove(ownerId, { kind: "record", id }),
      };
    },
  };
}
