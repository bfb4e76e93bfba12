import { type Kysely, sql } from "kysely";

/**
 * What a job is about (a record's reminders: `reminder:<record id>`), so that a save removes that
 * subject's unfinished jobs through an index. A save used to match their unique keys with LIKE
 * 'reminder:<id>:%', which neither database can answer from the unique key's index (SQLite's LIKE
 * ignores case; PostgreSQL's default collation does not order by bytes): every save read every
 * unfinished job of the instance, a cost that grew with the number of accounts.
 *
 * Unfinished reminder jobs already queued get theirs from their key (`reminder:<id>:<field>:...`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("job").addColumn("subject", "text").execute();
  await db.schema
    .createIndex("job_pending_subject")
    .on("job")
    .column("subject")
    .where(sql<boolean>`done_at is null and failed_at is null`)
    .execute();

  const pending = await sql<{ id: string; unique_key: string }>`
    select id, unique_key from job
    where unique_key like 'reminder:%' and done_at is null and failed_at is null`.execute(db);
  for (const { id, unique_key } of pending.rows) {
    const [kind, recordId] = unique_key.split(":");
    await sql`update job set subject = ${`${kind}:${recordId}`} where id = ${id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("job_pending_subject").execute();
  await db.schema.alterTable("job").dropColumn("subject").execute();
}
