import type { Kysely } from "kysely";

/** The tables of the personal network whose saves, like a record's, keep who made them. */
const TABLES = ["person", "address", "institution"] as const;

/**
 * The account that saved each person, address and company last (the owner or a collaborator),
 * for "last changed by"; no foreign key, so deleting that account leaves the row, read as unknown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn("updated_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("updated_by").execute();
}
