import type { Kysely } from "kysely";

/**
 * Collaborators: people an owner lets work in the file now (domain/schemas/collaborator.ts). The
 * invitation names an address; the account holding it, verified, accepts and is kept in
 * `account_id`. Deleting the row ends the access.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("collaborator")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("owner_id", "text", (column) => column.notNull())
    // Lower-cased; compared with the invitee's verified address.
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("first_name", "text", (column) => column.notNull())
    .addColumn("last_name", "text", (column) => column.notNull())
    // JSON of CollaboratorScope: { modules, categories, secrets }.
    .addColumn("scope", "text", (column) => column.notNull())
    .addColumn("rights", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("account_id", "text")
    .addColumn("invited_at", "bigint", (column) => column.notNull())
    .addColumn("answered_at", "bigint")
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("collaborator_owner").on("collaborator").column("owner_id").execute();
  await db.schema.createIndex("collaborator_account").on("collaborator").column("account_id").execute();
  await db.schema.createIndex("collaborator_email").on("collaborator").column("email").execute();
  // One invitation per address per owner.
  await db.schema
    .createIndex("collaborator_owner_email")
    .unique()
    .on("collaborator")
    .columns(["owner_id", "email"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("collaborator").execute();
}
