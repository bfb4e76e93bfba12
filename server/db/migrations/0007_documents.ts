import type { Kysely } from "kysely";

/**
 * Documents (the Document Library and files attached to records) and blob_chunk, the database
 * blob store's rows (BLOB_STORE=database). A document's file content is never in `document`: it is
 * an encrypted blob named by blob_id, in DATA_DIR/blobs or in blob_chunk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("document")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("module", "text", (column) => column.notNull())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("file_name", "text")
    .addColumn("content_type", "text")
    .addColumn("size", "bigint")
    .addColumn("blob_id", "text")
    .addColumn("description", "text")
    .addColumn("last_name", "text")
    .addColumn("assigned_module", "text")
    .addColumn("assigned_type", "text")
    .addColumn("assigned_custom_position", "text")
    .addColumn("assigned_document", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("document_owner_module_type")
    .on("document")
    .columns(["owner_id", "module", "type"])
    .execute();
  await db.schema
    .createIndex("document_owner_assigned_document")
    .on("document")
    .columns(["owner_id", "assigned_document"])
    .execute();

  await db.schema
    .createTable("blob_chunk")
    .addColumn("blob_id", "text", (column) => column.notNull())
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("seq", "integer", (column) => column.notNull())
    // Ciphertext only (server/storage/blob-cipher.ts); "bytea" is PostgreSQL's binary type.
    .addColumn("bytes", "bytea", (column) => column.notNull())
    // Owner first: reads, deletes and account deletion all look blobs up by owner.
    .addPrimaryKeyConstraint("blob_chunk_pk", ["owner_id", "blob_id", "seq"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blob_chunk").execute();
  await db.schema.dropTable("document").execute();
}
