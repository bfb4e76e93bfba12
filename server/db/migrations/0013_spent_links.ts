import type { Kysely } from "kysely";

/**
 * Signed links that must work once (server/auth/spent-links.ts): the SHA-256 of each one used,
 * kept until it would have expired anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("spent_link")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("spent_link_expires").on("spent_link").column("expires_at").execute();
}
