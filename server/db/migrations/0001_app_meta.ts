import { type Kysely, sql } from "kysely";

/** Facts about the installation itself, starting with when its schema was created. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .execute();
  await sql`insert into app_meta (key, value) values (${"schema_created_at"}, ${String(Date.now())})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("app_meta").execute();
}
