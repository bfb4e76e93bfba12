import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

/**
 * Told of each save and delete of one of an owner's rows (a record, a person, an address, an
 * institution, a document), so that what is derived from them (the search index, reminder jobs,
 * documents' links to their record) follows. It runs inside the write's own transaction (`trx`,
 * through which it must do all its reading and writing): the row and what derives from it commit
 * together, and a hook that throws undoes the write. A hook's effects outside the database wait
 * for the commit; none has any today (reminder mails are jobs, sent by the queue once committed).
 * `Saved` is what a kind gives more about the saved row (records: their category and body).
 */
export type ChangeHook<Saved extends readonly unknown[] = []> = {
  saved(trx: Kysely<DB>, ownerId: string, id: string, ...saved: Saved): Promise<void>;
  deleted(trx: Kysely<DB>, ownerId: string, id: string): Promise<void>;
};
