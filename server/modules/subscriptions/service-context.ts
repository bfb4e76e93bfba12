import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Subscription } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import type { BillingConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { presentSubscription } from "./presenter.ts";
import { subscriptionRepository } from "./repository.ts";
import { applyStripeSubscription, type SubscriptionRow, type SyncDeps } from "./stripe-sync.ts";

export type SubscriptionServiceDeps = SyncDeps & {
  database: Database;
  billing: BillingConfig;
  /** The SDK in stripe mode; null with billing off. */
  stripe: Stripe | null;
};

/** What the parts of My Subscription share: the repository, Stripe, and how Stripe's answers are stored. */
export function subscriptionContext(deps: SubscriptionServiceDeps) {
  const db = deps.database.db;
  const repository = subscriptionRepository(db);
  const seconds = () => Math.floor(deps.clock() / 1000);

  /** Applies Stripe's answer about one subscription in a transaction, then refreshes the session cache. */
  async function sync(
    subscription: Stripe.Subscription,
    after?: (trx: Kysely<DB>, row: SubscriptionRow) => Promise<void>,
  ): Promise<SubscriptionRow | null> {
    const row = await db.transaction().execute(async (trx) => {
      const applied = await applyStripeSubscription(trx, deps, subscription, seconds());
      if (applied !== null && after !== undefined) await after(trx, applied);
      return applied;
    });
    if (row !== null) deps.entitlements.forget(row.user_id);
    return row;
  }

  async function present(row: SubscriptionRow): Promise<Subscription> {
    const product = row.product_id === null ? undefined : await repository.product(row.product_id);
    return presentSubscription(row, product, deps.clock());
  }

  return {
    deps,
    db,
    repository,
    seconds,
    sync,
    present,

    stripeOrRefuse(): Stripe {
      if (deps.stripe === null) throw new AppError("conflict", { message: "errors:billing.billing_off" });
      return deps.stripe;
    },

    /** One of the actor's subscriptions, or 404 (another account's too). */
    async ownRow(actor: Actor, id: string): Promise<SubscriptionRow> {
      const row = await repository.own(actor.userId, id);
      if (row === undefined) throw new AppError("not_found");
      return row;
    },

    async syncedRow(subscription: Stripe.Subscription, fallback: SubscriptionRow): Promise<Subscription> {
      return present((await sync(subscription)) ?? fallback);
    },
  };
}

export type SubscriptionContext = ReturnType<typeof subscriptionContext>;
