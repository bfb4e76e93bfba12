import type { Kysely } from "kysely";

/**
 * When the owner last took a nominee's access away (a revoke, or the end date they set); null
 * once they gave it back. While set, the nominee's next request waits for the owner's own answer,
 * whatever the release rule says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("nominee").addColumn("revoked_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("nominee").dropColumn("revoked_at").execute();
}
