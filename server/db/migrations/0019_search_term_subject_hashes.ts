import type { Kysely } from "kysely";

/**
 * A save reads its subject's held hashes to write only the difference (search/repository.ts). The
 * subject index of 0017 did not hold the hash, so SQLite's planner preferred the primary key,
 * which does (a covering index), on its first column alone: every save walked all of the owner's
 * terms (a cost growing with the file) rather than the subject's few dozen. With the hash in the
 * subject index, that index covers the read and is the one chosen, on PostgreSQL as an
 * index-only scan. It replaces the old one, of which it is an extension.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("search_term_subject_hash")
    .on("search_term")
    .columns(["owner_id", "subject_kind", "subject_id", "hash"])
    .execute();
  await db.schema.dropIndex("search_term_subject").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("search_term_subject")
    .on("search_term")
    .columns(["owner_id", "subject_kind", "subject_id"])
    .execute();
  await db.schema.dropIndex("search_term_subject_hash").execute();
}
