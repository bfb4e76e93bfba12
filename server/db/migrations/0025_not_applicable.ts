import type { Kysely } from "kysely";

/**
 * The record categories an owner said "I don't have this" about: the home's progress leaves them
 * out of its totals and its next steps. One row per owner and category (category keys are unique
 * across modules); deleting the row undoes the mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("not_applicable")
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("category", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("not_applicable_pk", ["owner_id", "category"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("not_applicable").execute();
}
