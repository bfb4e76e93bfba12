import { type Kysely, sql } from "kysely";

/**
 * Durable jobs (mail delivery, release timers, reminders) and the mail outbox. Times are epoch
 * milliseconds, hence bigint: they outgrow PostgreSQL's 32-bit integer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    .addColumn("run_at", "bigint", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (column) => column.notNull())
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("done_at", "bigint")
    .addColumn("failed_at", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    // NULLs never collide in a UNIQUE column on either dialect, so only keyed jobs are deduplicated.
    .addColumn("unique_key", "text", (column) => column.unique())
    .execute();
  // The poller only ever looks at unfinished jobs; finished ones pile up and must not slow it down.
  await db.schema
    .createIndex("job_pending_run_at")
    .on("job")
    .column("run_at")
    .where(sql<boolean>`done_at is null and failed_at is null`)
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("to_address", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("text_body", "text", (column) => column.notNull())
    .addColumn("html_body", "text", (column) => column.notNull())
    .addColumn("headers", "text", (column) => column.notNull())
    .addColumn("lng", "text", (column) => column.notNull())
    .addColumn("template", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.dropTable("job").execute();
}
