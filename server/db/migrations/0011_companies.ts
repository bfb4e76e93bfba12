import type { Kysely } from "kysely";

/**
 * Companies (server/modules/companies, domain/schemas/company.ts): a company, its members (invited
 * by email, activated with a single-use code), and what the role module reads of them on the
 * session's one query: until when the account holds the b2b role and whether it runs a company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("company")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("website", "text")
    // JSON array of phone numbers.
    .addColumn("phones", "text", (column) => column.notNull())
    .addColumn("address", "text")
    // Billing off: the seats an admin allows (null: no limit). Stripe: the company plan's quantity.
    .addColumn("seat_limit", "integer")
    // Whose B2B subscription pays for the seats (the creator).
    .addColumn("billing_user_id", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("company_member")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("company_id", "text", (column) => column.notNull())
    // Set at activation; an invitee may not have an account yet.
    .addColumn("user_id", "text")
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("first_name", "text", (column) => column.notNull())
    .addColumn("last_name", "text", (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("is_admin", "integer", (column) => column.notNull())
    // SHA-256 of the single-use activation code; null once used.
    .addColumn("code_hash", "text", (column) => column.unique())
    .addColumn("invited_at", "bigint", (column) => column.notNull())
    .addColumn("activated_at", "bigint")
    .addColumn("deactivated_at", "bigint")
    .execute();
  await db.schema
    .createIndex("company_member_email")
    .on("company_member")
    .columns(["company_id", "email"])
    .unique()
    .execute();
  await db.schema.createIndex("company_member_user").on("company_member").column("user_id").execute();

  await db.schema.alterTable("entitlement").addColumn("b2b_until", "bigint").execute();
  await db.schema
    .alterTable("entitlement")
    .addColumn("company_admin", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}
