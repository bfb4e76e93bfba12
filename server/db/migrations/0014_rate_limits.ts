import type { Kysely } from "kysely";

/**
 * The rate limits' counts (server/http/rate-limit-store.ts), kept where every app server sees
 * them: one row per limited key, its count in the current window and when that window ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("window_ends_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_window_ends").on("rate_limit").column("window_ends_at").execute();
}
