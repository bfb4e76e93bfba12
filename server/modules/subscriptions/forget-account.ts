import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { DB } from "../../db/schema.ts";
import { subscriptionRepository } from "./repository.ts";
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
    const subscriptions = subscriptionRepository(trx);
    if (stripe !== null) {
      for (const providerId of await subscriptions.providerIdsIn(userId, CHARGEABLE)) {
        await callStripe(() => stripe.subscriptions.cancel(providerId));
      }
    }
    await subscriptions.forgetAccount(userId);
  };
}
