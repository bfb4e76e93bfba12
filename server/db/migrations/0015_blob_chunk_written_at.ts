import type { Kysely } from "kysely";

/**
 * When each blob_chunk row was written, so the leftovers' sweep (server/storage/leftovers.ts) can
 * tell rows a crash abandoned from an upload still streaming in on another server. Rows written
 * before this column existed keep null, which the sweep counts as old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blob_chunk").addColumn("written_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blob_chunk").dropColumn("written_at").execute();
}
