import type { Kysely } from "kysely";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Dialect } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { TransactionSubscriber } from "../../file/changes.ts";
import { termsOf } from "./blind-index.ts";
import { replaceTerms, searchRepository } from "./repository.ts";
import type { SearchDoc, SearchSource } from "./source.ts";

/**
 * Keeps the search index right: it subscribes to every save and delete of an owner's file
 * (server/file/changes.ts), and reads the row again through the module's search source (a record's save gives its body,
 * which is used instead) and replaces the row's terms, in the save's own transaction: a row is
 * never saved without its terms, and a failure here fails the save (nothing is half written). Searches still check every match against the row as it is
 * (search.ts), so an index older than a row (a bug, a restore) never shows it wrongly.
 */
export type SearchIndexer = ReturnType<typeof createSearchIndexer>;

export function createSearchIndexer(options: {
  db: Kysely<DB>;
  dialect: Dialect;
  dataKeys: DataKeys;
  /** The modules' sources reading through a database or a transaction (sources.ts). */
  sources: (db: Kysely<DB>, dataKeys: DataKeys) => readonly SearchSource[];
}) {
  const { db, dialect, dataKeys } = options;
  const terms = searchRepository(db);
  const sources = options.sources(db, dataKeys);

  function sourceOf(kind: string, within: readonly SearchSource[]): SearchSource {
    const source = within.find((candidate) => candidate.kind === kind);
    if (source === undefined) throw new Error(`no search source for ${kind}`);
    return source;
  }

  async function write(
    trx: Kysely<DB>,
    ownerId: string,
    kind: string,
    ids: readonly string[],
    docs: readonly SearchDoc[],
  ) {
    const key = await dataKeys.within(trx).searchKeyFor(ownerId);
    await replaceTerms(
      trx,
      dialect,
      ownerId,
      ids.map((id) => ({ kind, id })),
      docs.flatMap((doc) => termsOf(ownerId, key, doc)),
    );
  }

  /** These rows' terms as the rows are now in `trx` (a row gone loses its terms). */
  async function reindex(
    trx: Kysely<DB>,
    ownerId: string,
    kind: string,
    ids: readonly string[],
  ): Promise<void> {
    const within = options.sources(trx, dataKeys.within(trx));
    await write(trx, ownerId, kind, ids, await sourceOf(kind, within).read(ownerId, ids));
  }

  /**
   * The index's build for one owner: every row that has no terms yet (a row saved since the index
   * existed has them, as it is now). Idempotent: a second run finds nothing to add. In `trx`
   * when given (a file import's transaction, whose rows it indexes with them).
   */
  async function build(ownerId: string, trx?: Kysely<DB>): Promise<void> {
    const within = trx ?? db;
    const read = trx === undefined ? sources : options.sources(trx, dataKeys.within(trx));
    for (const source of read) {
      const indexed = await searchRepository(within).indexedIds(ownerId, source.kind);
      const docs = (await source.readAll(ownerId)).filter((doc) => !indexed.has(doc.id));
      if (docs.length > 0) await write(within, ownerId, source.kind, [], docs);
    }
  }

  return {
    reindex,

    /** The terms of a row that is gone (a search found it missing). */
    forget(ownerId: string, kind: string, id: string): Promise<void> {
      return terms.remove(ownerId, { kind, id });
    },

    build,

    /**
     * The index's subscriber to the changes of owners' files, in their transactions: a saved row
     * is read again there, except a record, whose save hands over the body it stored, so its terms
     * are made from that body (`docOf`, the records' search source's): one query and one
     * decryption fewer in every record's save. A whole file saved (an import) is built.
     */
    subscriber(
      docOf: (record: { id: string; module: string; category: string }, body: RecordBody) => SearchDoc,
    ): TransactionSubscriber {
      return async (trx, change) => {
        const { kind, ownerId, id } = change;
        // An account's deletion takes its terms with it (search/routes.ts forgetSearchTerms).
        if (kind === "file") return change.operation === "saved" ? build(ownerId, trx) : undefined;
        if (change.operation === "deleted") return searchRepository(trx).remove(ownerId, { kind, id });
        if (change.kind !== "record") return reindex(trx, ownerId, change.kind, [id]);
        const { category, body } = change;
        const doc = docOf({ id, module: category.module, category: category.key }, body);
        return write(trx, ownerId, "record", [id], [doc]);
      };
    },
  };
}
