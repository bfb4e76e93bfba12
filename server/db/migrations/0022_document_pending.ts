import { type Kysely, sql } from "kysely";

/**
 * A file uploaded from a record's form belongs to no record until that record is saved: until
 * then its document is pending (since this epoch ms), listed nowhere, and deleted when the form
 * is left or, after a crash or a closed tab, by the sweep (documents/pending-uploads.ts), which
 * finds the old ones through the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("document").addColumn("pending_since", "bigint").execute();
  await db.schema
    .createIndex("document_pending_since")
    .on("document")
    .column("pending_since")
    .where(sql<boolean>`pending_since is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("document_pending_since").execute();
  await db.schema.alterTable("document").dropColumn("pending_since").execute();
}
