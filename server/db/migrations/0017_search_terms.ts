import type { Kysely } from "kysely";

/**
 * The search index (server/modules/search): a blind index of the words of every searchable,
 * non-secret field. Each row holds one keyed hash (HMAC under the owner's search key) of a word or
 * of a prefix of one, never the word, nor which field held it: a copy of the database reveals no
 * searched text. Queries look up (owner_id, hash); a subject's rows are replaced or dropped by
 * (owner_id, subject_kind, subject_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("search_term")
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("hash", "text", (column) => column.notNull())
    .addColumn("subject_kind", "text", (column) => column.notNull())
    .addColumn("subject_id", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("search_term_pk", ["owner_id", "hash", "subject_kind", "subject_id"])
    .execute();
  await db.schema
    .createIndex("search_term_subject")
    .on("search_term")
    .columns(["owner_id", "subject_kind", "subject_id"])
    .execute();
}
