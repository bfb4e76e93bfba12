import type { Kysely } from "kysely";

/**
 * The import running for an account (server/modules/portability/import-lock.ts): one row per
 * account while an import reads and writes its file, so that every app server refuses a second
 * one. `lease_ends_at` is renewed while the import runs; a row past it was left by a server that
 * stopped, and the next import takes it over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("import_run")
    .addColumn("owner_id", "text", (column) => column.primaryKey())
    .addColumn("token", "text", (column) => column.notNull())
    .addColumn("lease_ends_at", "bigint", (column) => column.notNull())
    .execute();
}
