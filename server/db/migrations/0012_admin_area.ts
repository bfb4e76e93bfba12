import type { Kysely } from "kysely";

/**
 * The admin area (server/modules/admin): where each audited action came from, and admins'
 * comments on accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_entry").addColumn("ip", "text").execute();
  await db.schema
    .createIndex("audit_entry_actor")
    .on("audit_entry")
    .columns(["actor_id", "created_at"])
    .execute();

  await db.schema
    .createTable("account_comment")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("author_id", "text", (column) => column.notNull())
    .addColumn("notes", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("account_comment_user")
    .on("account_comment")
    .columns(["user_id", "created_at"])
    .execute();
}
