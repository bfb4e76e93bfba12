import type { Kysely } from "kysely";

/**
 * When a session's password was last confirmed again (server/auth/fresh-password.ts): the SHA-256
 * of the session's token, its account, and until when the confirmation holds. Kept in the database
 * so that every app server sees the same confirmation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("password_confirmation")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("password_confirmation_expires")
    .on("password_confirmation")
    .column("expires_at")
    .execute();
}
