import { sql } from "kysely";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { JobHandlers, JobQueue } from "../../jobs/runner.ts";
import { legacyTextOf, sealDocumentText } from "./metadata.ts";

/** The job takes no arguments: it walks every document that still holds clear text. */
export type DocumentMetadataJobs = { "document.encrypt-metadata": Record<string, never> };

/** Once per database: documents saved since migration 0009 never hold clear text. */
export const DOCUMENT_METADATA_KEY = "document.encrypt-metadata:1";

/** Rows read and sealed per query: bounded memory on large databases. */
const BATCH = 200;

/**
 * Schedules the job (at start-up): a durable job, so it runs once even with several servers
 * starting together, and is retried if the process stops halfway.
 */
export async function scheduleDocumentMetadataEncryption(
  jobs: JobQueue<DocumentMetadataJobs>,
): Promise<void> {
  await jobs.enqueue("document.encrypt-metadata", {}, { uniqueKey: DOCUMENT_METADATA_KEY });
}

/**
 * The `document.encrypt-metadata` handler: seals the file names, descriptions and last names that
 * documents saved before migration 0009 hold in clear, and empties the clear columns and the file
 * names of nominees' logged downloads (sharing/nominee-access-log.ts names them when read). Idempotent:
 * each field is replaced only while it still holds the value read, so a save racing the job (which
 * seals the field itself) wins, and a second run finds nothing left.
 */
export function documentMetadataHandlers(options: {
  database: Database;
  dataKeys: DataKeys;
}): JobHandlers<DocumentMetadataJobs> {
  const { database, dataKeys } = options;
  const { db } = database;

  /** Sets SQLite's secure_delete (for this connection, the only one); answers what it was. */
  async function secureDelete(on: boolean): Promise<boolean> {
    const before = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db);
    await sql.raw(`pragma secure_delete = ${on ? "on" : "off"}`).execute(db);
    return before.rows[0]?.secure_delete === 1;
  }

  return {
    async "document.encrypt-metadata"() {
      // SQLite leaves a replaced value's bytes in the file's free space unless told to zero them.
      const zeroing = database.dialect === "sqlite" ? await secureDelete(true) : undefined;
      try {
        let after = "";
        for (;;) {
          const rows = await db
            .selectFrom("document")
            .selectAll()
            .where("id", ">", after)
            .where((eb) =>
              eb.or([
                eb("file_name", "is not", null),
                eb("description", "is not", null),
                eb("last_name", "is not", null),
              ]),
            )
            .orderBy("id")
            .limit(BATCH)
            .execute();
          for (const row of rows) {
            for (const { field, column, value } of legacyTextOf(row)) {
              const sealed = await sealDocumentText(dataKeys, row.owner_id, row.id, { [field]: value });
              await db
                .updateTable("document")
                .set(sealed)
                .where("owner_id", "=", row.owner_id)
                .where("id", "=", row.id)
                .where(column, "=", value)
                .execute();
            }
          }
          const last = rows.at(-1);
          if (last === undefined || rows.length < BATCH) break;
          after = last.id;
        }
        // Nominees' downloads were logged with the file's name; the log now names them as it is read.
        await db
          .updateTable("activity")
          .set({ field: null })
          .where("kind", "=", "download")
          .where("subject_kind", "=", "document")
          .where("field", "is not", null)
          .execute();
      } finally {
        if (zeroing !== undefined) await secureDelete(zeroing);
      }
    },
  };
}
