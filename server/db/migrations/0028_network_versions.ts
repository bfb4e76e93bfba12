import type { Kysely } from "kysely";

/** The tables of the personal network whose saves, like a record's, name the version they replace. */
const TABLES = ["person", "address", "institution"] as const;

/** Each person's, address's and company's version, raised by every save, which its ETag answers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("version").execute();
}
