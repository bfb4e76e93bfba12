import type { PaymentCurrency } from "../../../domain/catalog/currencies.ts";
import { SUBSCRIPTION_QUANTITY } from "../../../domain/limits.ts";
import type { Subscription, SubscriptionStatus } from "../../../domain/schemas/subscription.ts";
import type { ProductRow } from "./products.ts";
import { PAID_STATUSES } from "./repository.ts";
import type { SubscriptionRow } from "./stripe-sync.ts";

/** Statuses of a subscription that is still the account's plan (paid, or waiting for its first payment). */
export const CURRENT: ReadonlySet<SubscriptionStatus> = new Set([...PAID_STATUSES, "incomplete"]);
export const PAID: ReadonlySet<SubscriptionStatus> = new Set(PAID_STATUSES);

/** With billing off, the one subscription every account holds. */
export const BILLING_OFF_SUBSCRIPTION: Subscription = {
  id: "none",
  status: "active",
  provider: "none",
  product: null,
  quantity: SUBSCRIPTION_QUANTITY,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  renewal: null,
  createdAt: 0,
};

export function presentSubscription(
  row: SubscriptionRow,
  product: ProductRow | undefined,
  now: number,
): Subscription {
  // A code's free period ends by itself: once past, it reads as ended.
  const ended = row.provider === "code" && row.current_period_end !== null && row.current_period_end <= now;
  return {
    id: row.id,
    status: ended ? "canceled" : row.status,
    provider: row.provider,
    product:
      product === undefined
        ? null
        : {
            id: product.id,
            name: product.name,
            currency: product.currency as PaymentCurrency,
            amount: product.amount,
            interval: product.interval,
            isB2B: product.is_b2b === 1,
          },
    quantity: row.quantity,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    renewal:
      row.price_amount === null || row.price_currency === null || row.price_interval === null
        ? null
        : {
            amount: row.price_amount * row.quantity,
            currency: row.price_currency,
            interval: row.price_interval,
          },
    createdAt: row.created_at,
  };
}

/** Current first (paid or awaiting payment), then newest first. */
export function byCurrentThenNewest(a: Subscription, b: Subscription): number {
  const rank = (item: Subscription) => (CURRENT.has(item.status) ? 0 : 1);
  return rank(a) - rank(b) || b.createdAt - a.createdAt;
}
