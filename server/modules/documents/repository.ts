import type { Kysely } from "kysely";
import type { DB, DocumentTable } from "../../db/schema.ts";

/**
 * The file columns of a document: all set by an upload, all cleared when its file is removed. The
 * name is sealed (metadata.ts), its clear column emptied.
 */
export type DocumentFile = Pick<
  DocumentTable,
  "blob_id" | "file_name_enc" | "file_name" | "content_type" | "size"
>;

export const NO_FILE: DocumentFile = {
  blob_id: null,
  file_name_enc: null,
  file_name: null,
  content_type: null,
  size: null,
};

/**
 * Every query on documents, each filtered by its owner: a handler cannot reach another account's
 * rows by forgetting a check. Pass a transaction to run them inside it.
 */
export function documentRepository(db: Kysely<DB>) {
  return {
    find(ownerId: string, id: string): Promise<DocumentTable | undefined> {
      return db
        .selectFrom("document")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** The blob ids among `blobIds` that one of the owner's documents holds. */
    async heldBlobIds(ownerId: string, blobIds: readonly string[]): Promise<Set<string>> {
      if (blobIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("document")
        .select("blob_id")
        .where("owner_id", "=", ownerId)
        .where("blob_id", "in", [...blobIds])
        .execute();
      return new Set(rows.flatMap((row) => (row.blob_id === null ? [] : [row.blob_id])));
    },

    /** The documents among `ids` (another account's ids find nothing). */
    findMany(ownerId: string, ids: readonly string[]): Promise<DocumentTable[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("document")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "in", [...ids])
        .execute();
    },

    async insert(row: DocumentTable): Promise<void> {
      await db.insertInto("document").values(row).execute();
    },

    async update(
      ownerId: string,
      id: string,
      changes: Partial<Omit<DocumentTable, "id" | "owner_id" | "created_at">>,
    ): Promise<boolean> {
      const result = await db
        .updateTable("document")
        .set(changes)
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Points the document at another file (or none), only if it still holds `expectedBlobId`, and
     * answers the row as written (no read after it): of two uploads racing on one document, the
     * one that loses gets nothing, re-reads and retries, so the blob it replaced is always known
     * and deleted, never orphaned.
     */
    async swapFile(
      ownerId: string,
      id: string,
      expectedBlobId: string | null,
      file: DocumentFile,
      now: number,
    ): Promise<DocumentTable | undefined> {
      return db
        .updateTable("document")
        .set({ ...file, updated_at: now })
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .where("blob_id", expectedBlobId === null ? "is" : "=", expectedBlobId)
        .returningAll()
        .executeTakeFirst();
    },

    /** A category's documents, oldest first. */
    listByType(ownerId: string, module: string, type: string): Promise<DocumentTable[]> {
      return db
        .selectFrom("document")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("module", "=", module)
        .where("type", "=", type)
        .where("pending_since", "is", null)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    /** Every document of a record's documents field (not the library's own entries), oldest first. */
    listOnRecords(ownerId: string, libraryType: string): Promise<DocumentTable[]> {
      return db
        .selectFrom("document")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("type", "!=", libraryType)
        .where("pending_since", "is", null)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    /**
     * The documents attached to one record (assignedDocument), oldest first; two saved in the same
     * millisecond follow their position on the record, so the order never depends on random ids.
     */
    listAttachedTo(ownerId: string, recordId: string): Promise<DocumentTable[]> {
      return db
        .selectFrom("document")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("assigned_document", "=", recordId)
        .orderBy("created_at")
        .orderBy("assigned_custom_position")
        .orderBy("id")
        .execute();
    },

    /** How many documents each type of a module holds (types with none are absent). */
    async countByType(ownerId: string, module: string): Promise<{ type: string; count: number }[]> {
      const rows = await db
        .selectFrom("document")
        .select(["type", (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("owner_id", "=", ownerId)
        .where("module", "=", module)
        .where("pending_since", "is", null)
        .groupBy("type")
        .orderBy("type")
        .execute();
      return rows.map((row) => ({ type: row.type, count: Number(row.count) }));
    },

    /** How many documents of a module are filed under one category of another module. */
    async countAssigned(ownerId: string, module: string, assignedModule: string, assignedType: string) {
      const row = await db
        .selectFrom("document")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("owner_id", "=", ownerId)
        .where("module", "=", module)
        .where("assigned_module", "=", assignedModule)
        .where("assigned_type", "=", assignedType)
        .where("pending_since", "is", null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Deletes the row; answers the blob it pointed at, or undefined when there was no such row. */
    async delete(ownerId: string, id: string): Promise<{ blobId: string | null } | undefined> {
      const row = await db
        .deleteFrom("document")
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .returning("blob_id")
        .executeTakeFirst();
      return row === undefined ? undefined : { blobId: row.blob_id };
    },

    /** Every document of the owner but the pending uploads (the search index's build, the whole file). */
    listAll(ownerId: string): Promise<DocumentTable[]> {
      return db
        .selectFrom("document")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("pending_since", "is", null)
        .execute();
    },

    /** Where each of the owner's documents is filed, but the pending uploads (what a scope covers). */
    placements(ownerId: string) {
      return db
        .selectFrom("document")
        .select(["id", "module", "type", "assigned_document"])
        .where("owner_id", "=", ownerId)
        .where("pending_since", "is", null)
        .execute();
    },

    /** Deletes a pending upload; answers its blob, or undefined when it is not a pending upload of the owner. */
    async deletePending(ownerId: string, id: string): Promise<{ blobId: string | null } | undefined> {
      const row = await db
        .deleteFrom("document")
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .where("pending_since", "is not", null)
        .returning("blob_id")
        .executeTakeFirst();
      return row === undefined ? undefined : { blobId: row.blob_id };
    },

    /**
     * Links the pending uploads among `ids` filed under a record's category to that record, and
     * the record's own files saved before it existed; answers the ids it linked.
     */
    async linkToRecord(
      ownerId: string,
      recordId: string,
      category: { module: string; key: string },
      ids: readonly string[],
    ): Promise<string[]> {
      const rows = await db
        .updateTable("document")
        .set({ assigned_document: recordId, pending_since: null })
        .where("owner_id", "=", ownerId)
        .where("id", "in", [...ids])
        .where("module", "=", category.module)
        .where("type", "=", category.key)
        .where("assigned_document", "is", null)
        .returning("id")
        .execute();
      return rows.map((row) => row.id);
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom("document").where("owner_id", "=", ownerId).execute();
    },
  };
}
