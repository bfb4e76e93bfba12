import type { Kysely } from "kysely";

/**
 * A document's free text (its file name, description and last name) encrypted at rest under its
 * owner's data key, like record bodies. Migrations hold no master key, so this one cannot encrypt
 * the rows already saved: it adds the encrypted columns and leaves the clear ones, which the
 * start-up job `document.encrypt-metadata` (server/modules/documents/metadata-backfill.ts) empties
 * row by row, and which until then are read as a fallback. Nothing writes the clear ones any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["file_name_enc", "description_enc", "last_name_enc"]) {
    await db.schema.alterTable("document").addColumn(column, "bytea").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["file_name_enc", "description_enc", "last_name_enc"]) {
    await db.schema.alterTable("document").dropColumn(column).execute();
  }
}
