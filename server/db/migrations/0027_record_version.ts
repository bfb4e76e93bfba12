import type { Kysely } from "kysely";

/**
 * Each record's version, raised by every save, which its ETag answers and a save's If-Match must
 * name; and the account that saved it last (the owner or, later, a collaborator).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("record")
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("record").addColumn("updated_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("record").dropColumn("updated_by").execute();
  await db.schema.alterTable("record").dropColumn("version").execute();
}
