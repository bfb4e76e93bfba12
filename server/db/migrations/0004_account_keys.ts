import type { Kysely } from "kysely";

/**
 * Each account's data key, wrapped (AES-256-GCM) under the master key (server/crypto). key_version
 * names the master key that wrapped it, so readers hold old and new master keys while a rotation
 * re-wraps the rows in batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_key")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    // "bytea" is PostgreSQL's binary type; SQLite keeps blobs as they are whatever the declared type.
    .addColumn("wrapped_key", "bytea", (column) => column.notNull())
    .addColumn("key_version", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  // A rotation looks for the rows not yet wrapped under the new master key.
  await db.schema.createIndex("account_key_version").on("account_key").column("key_version").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("account_key").execute();
}
