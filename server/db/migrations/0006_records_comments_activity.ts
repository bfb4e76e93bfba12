import type { Kysely } from "kysely";

/**
 * Records of every category (one generic table, the body encrypted as one JSON document), the
 * comments on records and persons, and each account's activity log (reveals of secrets now,
 * nominee views later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("record")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("module", "text", (column) => column.notNull())
    .addColumn("category", "text", (column) => column.notNull())
    // AES-256-GCM of the whole body under the owner's data key, bound to owner, record and category.
    .addColumn("body_enc", "bytea", (column) => column.notNull())
    // The earliest reminder date of the body (epoch ms), in the clear so the reminder job can scan it.
    .addColumn("reminder_date", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("record_owner_module_category")
    .on("record")
    .columns(["owner_id", "module", "category"])
    .execute();
  await db.schema.createIndex("record_reminder_date").on("record").column("reminder_date").execute();

  await db.schema
    .createTable("comment")
    .addColumn("id", "text", (column) => column.primaryKey())
    // The file's owner, whose data key encrypts the notes; the author may be someone else later (a nominee).
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("author_id", "text", (column) => column.notNull())
    .addColumn("subject_kind", "text", (column) => column.notNull())
    .addColumn("subject_id", "text", (column) => column.notNull())
    .addColumn("notes_enc", "bytea", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("comment_owner_subject")
    .on("comment")
    .columns(["owner_id", "subject_kind", "subject_id"])
    .execute();

  await db.schema
    .createTable("activity")
    .addColumn("id", "text", (column) => column.primaryKey())
    // Whose file was touched, and who touched it (the owner now, a nominee later).
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("actor_id", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("subject_kind", "text", (column) => column.notNull())
    .addColumn("subject_id", "text", (column) => column.notNull())
    .addColumn("category", "text")
    .addColumn("field", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("activity_owner_created")
    .on("activity")
    .columns(["owner_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("activity").execute();
  await db.schema.dropTable("comment").execute();
  await db.schema.dropTable("record").execute();
}
