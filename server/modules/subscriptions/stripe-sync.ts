import type { Kysely, Selectable } from "kysely";
import type Stripe from "stripe";
import type { PlanInterval, SubscriptionStatus } from "../../../domain/schemas/subscription.ts";
import type { DB, SubscriptionTable } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/runner.ts";
import type { Entitlements } from "./entitlements.ts";
import type { BillingMails } from "./mails.ts";
import { type BillingJobs, scheduleRenewalReminder } from "./renewal.ts";
import { subscriptionRepository } from "./repository.ts";

/**
 * Brings our copy of a Stripe subscription up to date. The one way a Stripe subscription's status
 * reaches our database: from a verified webhook or from our own read of Stripe, never from the
 * browser. Order is kept by the time Stripe made each fact: an event older than the one last
 * applied changes nothing, so events arriving out of order cannot undo a newer state.
 */

export type SubscriptionRow = Selectable<SubscriptionTable>;

export type SyncDeps = {
  entitlements: Entitlements;
  mails: BillingMails;
  jobs: JobQueue<BillingJobs>;
  clock: () => number;
};

/** Statuses that hold access (roles.ts counts the same ones). */
const PAID: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due"]);
/** Statuses a subscription never leaves: at equal times, these win over any other fact. */
const FINAL: ReadonlySet<SubscriptionStatus> = new Set(["canceled", "incomplete_expired"]);

export function customerIdOf(subscription: Stripe.Subscription): string {
  return typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
}

function factsOf(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  return {
    status: subscription.status as SubscriptionStatus,
    quantity: item?.quantity ?? 1,
    current_period_end: item === undefined ? null : item.current_period_end * 1000,
    cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
    priceId: item?.price.id ?? null,
    ...priceOf(item?.price),
  };
}

/** What the price bills each period, when Stripe said it in a shape Kinfile sells (monthly, yearly). */
function priceOf(price: Stripe.Price | undefined) {
  const interval = price?.recurring?.interval;
  const known = price?.unit_amount != null && (interval === "month" || interval === "year");
  return {
    price_amount: known ? (price?.unit_amount ?? null) : null,
    price_currency: known ? (price?.currency ?? null) : null,
    price_interval: known ? (interval as PlanInterval) : null,
  };
}

function isStale(row: SubscriptionRow, factAt: number): boolean {
  if (row.provider_event_at === null) return false;
  return factAt < row.provider_event_at || (factAt === row.provider_event_at && FINAL.has(row.status));
}

async function rowFor(trx: Kysely<DB>, subscription: Stripe.Subscription, now: number) {
  const subscriptions = subscriptionRepository(trx);
  const row = await subscriptions.byProviderId(subscription.id);
  if (row !== undefined) return row;
  // Made outside Kinfile (Stripe's dashboard) for one of our customers: adopt it.
  const owner = await subscriptions.customerOwner(customerIdOf(subscription));
  if (owner === null) return undefined;
  await subscriptions.insert({
    id: crypto.randomUUID(),
    user_id: owner,
    provider: "stripe",
    product_id: null,
    provider_subscription_id: subscription.id,
    status: "incomplete",
    quantity: 1,
    current_period_end: null,
    cancel_at_period_end: 0,
    code_id: null,
    provider_event_at: null,
    reminded_period_end: null,
    price_amount: null,
    price_currency: null,
    price_interval: null,
    created_at: subscription.created * 1000,
    updated_at: now,
  });
  return subscriptions.byProviderId(subscription.id);
}

/**
 * Applies what Stripe says of one subscription, made at `factAt` (epoch seconds: the event's
 * `created`, or the time of our own read). Answers the row as it now is, or null when the fact was
 * stale or the subscription is not one of ours. Mails "subscription started" on the first payment.
 */
export async function applyStripeSubscription(
  trx: Kysely<DB>,
  deps: SyncDeps,
  subscription: Stripe.Subscription,
  factAt: number,
): Promise<SubscriptionRow | null> {
  const now = deps.clock();
  const facts = factsOf(subscription);
  // Two syncs of one subscription may race (a webhook and a re-read): the update is conditional on
  // the row as read, and the loser reads again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await rowFor(trx, subscription, now);
    if (row === undefined || isStale(row, factAt)) return null;
    const subscriptions = subscriptionRepository(trx);
    const product = facts.priceId === null ? undefined : await subscriptions.productByPrice(facts.priceId);
    const next = {
      status: facts.status,
      quantity: facts.quantity,
      current_period_end: facts.current_period_end,
      cancel_at_period_end: facts.cancel_at_period_end,
      product_id: product?.id ?? row.product_id,
      price_amount: facts.price_amount,
      price_currency: facts.price_currency,
      price_interval: facts.price_interval,
      provider_event_at: factAt,
      updated_at: now,
    };
    if (!(await subscriptions.updateIfUnchanged(row, next))) continue;
    const applied: SubscriptionRow = { ...row, ...next };
    if (row.status === "incomplete" && PAID.has(applied.status)) {
      await deps.mails.send(trx, row.user_id, "subscriptionStarted", { product: product ?? null });
    }
    await scheduleRenewalReminder(deps.jobs, trx, applied, product?.interval ?? null, now);
    await deps.entitlements.refresh(row.user_id, trx);
    return applied;
  }
  return null;
}
