import type { Kysely } from "kysely";

/**
 * Billing (server/modules/subscriptions, domain/schemas/subscription.ts): products, subscriptions
 * and the provider's customers, codes and their redemptions, the webhook events already handled,
 * invoices, each account's entitlement (what the role module reads on the session's one query),
 * charities and donation choices, and the audit log of admin actions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("product")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    // Minor units.
    .addColumn("amount", "bigint", (column) => column.notNull())
    .addColumn("interval", "text", (column) => column.notNull())
    .addColumn("is_b2b", "integer", (column) => column.notNull())
    // Stripe's price id; null when billing is off.
    .addColumn("provider_price_id", "text")
    // A product in use is archived, never deleted.
    .addColumn("archived_at", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("product_currency").on("product").columns(["currency", "is_b2b"]).execute();

  await db.schema
    .createTable("billing_customer")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    .addColumn("provider_customer_id", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("subscription")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("provider", "text", (column) => column.notNull())
    .addColumn("product_id", "text")
    .addColumn("provider_subscription_id", "text", (column) => column.unique())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("quantity", "integer", (column) => column.notNull())
    .addColumn("current_period_end", "bigint")
    .addColumn("cancel_at_period_end", "integer", (column) => column.notNull())
    // The code a "code" subscription came from.
    .addColumn("code_id", "text")
    // The creation time (epoch s) of the newest provider event applied: an older one changes nothing.
    .addColumn("provider_event_at", "bigint")
    // The period end a renewal reminder was sent for, so it is sent once per period.
    .addColumn("reminded_period_end", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("subscription_user")
    .on("subscription")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("billing_code")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    // Upper-case, without separators.
    .addColumn("code", "text", (column) => column.notNull().unique())
    .addColumn("percent_off", "integer")
    .addColumn("amount_off", "bigint")
    .addColumn("currency", "text")
    .addColumn("period_days", "integer")
    .addColumn("expires_at", "bigint")
    .addColumn("max_uses", "integer")
    .addColumn("uses", "integer", (column) => column.notNull())
    // Stripe's promotion code id for a discount in stripe mode.
    .addColumn("provider_promotion_id", "text")
    .addColumn("created_by", "text", (column) => column.notNull())
    .addColumn("archived_at", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("code_redemption")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("code_id", "text", (column) => column.notNull())
    .addColumn("user_id", "text", (column) => column.notNull())
    // A discount waits here for the next subscribe; null once used (or for a voucher).
    .addColumn("pending", "integer", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("code_redemption_code_user")
    .unique()
    .on("code_redemption")
    .columns(["code_id", "user_id"])
    .execute();
  await db.schema.createIndex("code_redemption_user").on("code_redemption").column("user_id").execute();

  // Failed activations, counted per account and per address to slow down guessing.
  await db.schema
    .createTable("code_attempt")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("code_attempt_key").on("code_attempt").columns(["key", "created_at"]).execute();

  await db.schema
    .createTable("provider_event")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("received_at", "bigint", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("invoice")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("number", "text")
    .addColumn("amount", "bigint", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("hosted_invoice_url", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("invoice_user").on("invoice").columns(["user_id", "created_at"]).execute();

  // Until when the account holds the subscriber role (null: never); rewritten on every change.
  await db.schema
    .createTable("entitlement")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    .addColumn("subscriber_until", "bigint")
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("charity")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("full_name", "text", (column) => column.notNull())
    .addColumn("archived_at", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("donation_choice")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    .addColumn("charity_id", "text", (column) => column.notNull())
    .addColumn("chosen_at", "bigint", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("audit_entry")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("actor_id", "text", (column) => column.notNull())
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("subject_kind", "text", (column) => column.notNull())
    .addColumn("subject_id", "text")
    // JSON of what changed; never record contents.
    .addColumn("detail", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("audit_entry_created").on("audit_entry").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "audit_entry",
    "donation_choice",
    "charity",
    "entitlement",
    "invoice",
    "provider_event",
    "code_attempt",
    "code_redemption",
    "billing_code",
    "subscription",
    "billing_customer",
    "product",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
