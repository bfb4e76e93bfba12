import { type Kysely, sql } from "kysely";

/**
 * The personal network: addresses, institutions (companies) and persons, each owned by one account.
 * References between them are columns with foreign keys, so deleting an address or an institution
 * can never leave a dangling id behind (the services still ask before clearing an address in use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("address")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    // The nickname as compared for uniqueness (trimmed, lower case), computed by the service.
    .addColumn("name_key", "text", (column) => column.notNull())
    .addColumn("address_line1", "text")
    .addColumn("address_line2", "text")
    .addColumn("main_intersection", "text")
    .addColumn("city", "text")
    .addColumn("state", "text")
    .addColumn("province", "text")
    .addColumn("county", "text")
    .addColumn("country", "text")
    .addColumn("zip", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("address_owner_name_key")
    .unique()
    .on("address")
    .columns(["owner_id", "name_key"])
    .execute();

  await db.schema
    .createTable("institution")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("website", "text")
    .addColumn("phones", "text", (column) => column.notNull())
    .addColumn("emails", "text", (column) => column.notNull())
    .addColumn("address_id", "text", (column) => column.references("address.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("institution_owner").on("institution").column("owner_id").execute();
  await db.schema.createIndex("institution_address").on("institution").column("address_id").execute();

  await db.schema
    .createTable("person")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("person_group", "text", (column) => column.notNull())
    .addColumn("type", "text")
    .addColumn("first_name", "text", (column) => column.notNull())
    .addColumn("last_name", "text")
    .addColumn("birthday", "bigint")
    .addColumn("home_address_id", "text", (column) => column.references("address.id").onDelete("set null"))
    .addColumn("mailing_address_id", "text", (column) => column.references("address.id").onDelete("set null"))
    .addColumn("business_address_id", "text", (column) =>
      column.references("address.id").onDelete("set null"),
    )
    .addColumn("company_id", "text", (column) => column.references("institution.id").onDelete("set null"))
    // The rest of the spec's person record, as JSON; secrets and the photo never go here.
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("social_number_enc", "bytea")
    .addColumn("photo_enc", "bytea")
    .addColumn("photo_thumb_enc", "bytea")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("person_owner_group")
    .on("person")
    .columns(["owner_id", "person_group"])
    .execute();
  // One "me" per account, whatever races the sign-up hook and the first GET /api/pn/person.
  await db.schema
    .createIndex("person_one_me")
    .unique()
    .on("person")
    .column("owner_id")
    .where(sql.ref("person_group"), "=", "me")
    .execute();
  for (const column of ["home_address_id", "mailing_address_id", "business_address_id", "company_id"]) {
    await db.schema.createIndex(`person_${column}`).on("person").column(column).execute();
  }

  // A person's emergency contacts (ICE) and next of kin, in the order given.
  await db.schema
    .createTable("person_link")
    .addColumn("person_id", "text", (column) => column.notNull().references("person.id").onDelete("cascade"))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("linked_person_id", "text", (column) =>
      column.notNull().references("person.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("person_link_pk", ["person_id", "kind", "position"])
    .execute();
  await db.schema.createIndex("person_link_linked").on("person_link").column("linked_person_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("person_link").execute();
  await db.schema.dropTable("person").execute();
  await db.schema.dropTable("institution").execute();
  await db.schema.dropTable("address").execute();
}
