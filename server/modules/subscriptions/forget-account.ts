import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { DB } from "../../db/schema.ts";
import { callStripe } from "./stripe-client.ts";

/** Statuses Stripe may still charge. */
const CHARGEABLE = ["active", "trialing", "past_due", "incomplete", "unpaid", "paused"] as const;

/**
 * Account deletion (server/modules/account): a deleted account is never charged again, so its
 * Stripe subscriptions are cancelled at once (if Stripe cannot be reached the deletion fails and
 * can be retried, rather than leaving a subscription running for nobody); then its billing rows
 * go. Codes it used stay used. Audit entries it made as an admin stay: they record the platform.
 */
export function forgetBilling(stripe: Stripe | null) {
  return async (userId: string, trx: Kysely<DB>): Promise<void> => {
    if (stripe !== null) {
      const running = await trx
        .selectFrom("subscription")
        .select("provider_subscription_id")
        .where("user_id", "=", userId)
        .where("provider", "=", "stripe")
        .where("status", "in", [...CHARGEABLE])
        .execute();
      for (const { provider_subscription_id: providerId } of running) {
        if (providerId !== null) await callStripe(() => stripe.subscriptions.cancel(providerId));
      }
    }
    for (const table of [
      "subscription",
      "invoice",
      "entitlement",
      "donation_choice",
      "billing_customer",
    ] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    await trx.deleteFrom("code_attempt").where("key", "=", `account:${userId}`).execute();
    await trx.updateTable("code_redemption").set({ pending: 0 }).where("user_id", "=", userId).execute();
  };
}
