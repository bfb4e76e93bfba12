import type { Kysely } from "kysely";

/**
 * What a Stripe subscription costs each period, as Stripe last said (its item's price): the unit
 * amount, currency and interval. My Subscription and /b2b show the next renewal's amount from
 * these, so a price changed or set in Stripe reads as Stripe bills it, not as our catalog says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscription").addColumn("price_amount", "bigint").execute();
  await db.schema.alterTable("subscription").addColumn("price_currency", "text").execute();
  await db.schema.alterTable("subscription").addColumn("price_interval", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscription").dropColumn("price_interval").execute();
  await db.schema.alterTable("subscription").dropColumn("price_currency").execute();
  await db.schema.alterTable("subscription").dropColumn("price_amount").execute();
}
