import type { Kysely } from "kysely";

/**
 * The security log of each account (sign-ins, failures, sign-outs, password resets, two-factor and
 * passkey changes), shown in My Account and used to spot a sign-in from a new device. The users,
 * sessions and other identity tables are better-auth's own (server/auth/auth-schema.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_event")
    .addColumn("id", "text", (column) => column.primaryKey())
    // Null for a failed sign-in with an unknown email: the hash still groups attempts.
    .addColumn("user_id", "text")
    .addColumn("email_hash", "text")
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_event_user_created")
    .on("sign_in_event")
    .columns(["user_id", "created_at"])
    .execute();
}
