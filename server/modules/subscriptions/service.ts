import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { PaymentCurrency } from "../../../domain/catalog/currencies.ts";
import { SUBSCRIPTION_QUANTITY } from "../../../domain/limits.ts";
import type {
  ActivationResult,
  BillingSettings,
  CardSetup,
  Invoice,
  PaymentCard,
  SubscribeBody,
  SubscribeResult,
  Subscription,
  SubscriptionStatus,
} from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import type { BillingConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { type CodeRow, recordFailedAttempt, redeem, refuseGuessing, usableCode } from "./codes.ts";
import { currenciesOnSale, type ProductRow, productOnSale, productsOnSale } from "./products.ts";
import { callStripe } from "./stripe-client.ts";
import { applyStripeSubscription, type SubscriptionRow, type SyncDeps } from "./stripe-sync.ts";

/**
 * My Subscription's calls. Whose subscription is always the session's: a subscription id of
 * another account answers 404, as a missing one does.
 */

export type SubscriptionServiceDeps = SyncDeps & {
  database: Database;
  billing: BillingConfig;
  /** The SDK in stripe mode; null with billing off. */
  stripe: Stripe | null;
};

/** Statuses of a subscription that is still the account's plan (paid, or waiting for its first payment). */
const CURRENT: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due", "incomplete"]);
const PAID: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due"]);

const DAY_MS = 24 * 60 * 60 * 1000;

/** With billing off, the one subscription every account holds. */
const BILLING_OFF_SUBSCRIPTION: Subscription = {
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

function cardOf(method: Stripe.PaymentMethod): PaymentCard | null {
  if (method.card == null) return null;
  return {
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

export function createSubscriptionService(deps: SubscriptionServiceDeps) {
  const { database, clock, entitlements } = deps;
  const db = database.db;
  const seconds = () => Math.floor(clock() / 1000);

  function stripeOrRefuse(): Stripe {
    if (deps.stripe === null) throw new AppError("conflict", { message: "errors:billing.billing_off" });
    return deps.stripe;
  }

  async function ownRow(actor: Actor, id: string): Promise<SubscriptionRow> {
    const row = await db
      .selectFrom("subscription")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", actor.userId)
      .executeTakeFirst();
    if (row === undefined) throw new AppError("not_found");
    return row;
  }

  async function present(row: SubscriptionRow): Promise<Subscription> {
    const product =
      row.product_id === null
        ? undefined
        : await db.selectFrom("product").selectAll().where("id", "=", row.product_id).executeTakeFirst();
    return presentSubscription(row, product, clock());
  }

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
    if (row !== null) entitlements.forget(row.user_id);
    return row;
  }

  async function syncedRow(
    subscription: Stripe.Subscription,
    fallback: SubscriptionRow,
  ): Promise<Subscription> {
    return present((await sync(subscription)) ?? fallback);
  }

  async function customerOf(actor: Actor): Promise<string | null> {
    const row = await db
      .selectFrom("billing_customer")
      .select("provider_customer_id")
      .where("user_id", "=", actor.userId)
      .executeTakeFirst();
    return row?.provider_customer_id ?? null;
  }

  async function ensureCustomer(stripe: Stripe, actor: Actor): Promise<string> {
    const known = await customerOf(actor);
    if (known !== null) return known;
    const user = await db
      .selectFrom("user")
      .select(["email", "name", "lang"])
      .where("id", "=", actor.userId)
      .executeTakeFirstOrThrow();
    const customer = await callStripe(() =>
      stripe.customers.create({
        email: user.email,
        name: user.name,
        preferred_locales: [user.lang ?? "en"],
        metadata: { userId: actor.userId },
      }),
    );
    await db
      .insertInto("billing_customer")
      .values({ user_id: actor.userId, provider_customer_id: customer.id, created_at: clock() })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .execute();
    // A concurrent subscribe may have stored its customer first: use whichever is stored.
    return (await customerOf(actor)) ?? customer.id;
  }

  /** The discount a subscribe takes: the code typed with it, else one activated earlier and unused. */
  async function discountFor(actor: Actor, promocode: string | null | undefined, keys: string[]) {
    const now = clock();
    if (promocode) {
      await refuseGuessing(db, keys, now);
      const code = await usableCode(db, promocode, actor.userId, now, ["discount"]);
      if (code === undefined || code.provider_promotion_id === null) {
        await recordFailedAttempt(db, keys, now);
        throw new AppError("validation_failed", { fields: { promocode: "errors:billing.code_invalid" } });
      }
      return { code, typed: true };
    }
    const pending = await db
      .selectFrom("code_redemption")
      .innerJoin("billing_code", "billing_code.id", "code_redemption.code_id")
      .selectAll("billing_code")
      .where("code_redemption.user_id", "=", actor.userId)
      .where("code_redemption.pending", "=", 1)
      .where("billing_code.archived_at", "is", null)
      .where((eb) =>
        eb.or([eb("billing_code.expires_at", "is", null), eb("billing_code.expires_at", ">", now)]),
      )
      .orderBy("code_redemption.created_at", "desc")
      .executeTakeFirst();
    return pending === undefined || pending.provider_promotion_id === null
      ? null
      : { code: pending, typed: false };
  }

  async function markDiscountUsed(
    trx: Kysely<DB>,
    actor: Actor,
    discount: { code: CodeRow; typed: boolean },
  ) {
    if (discount.typed) {
      if (!(await redeem(trx, discount.code, actor.userId, clock(), false))) {
        throw new AppError("validation_failed", { fields: { promocode: "errors:billing.code_invalid" } });
      }
      return;
    }
    await trx
      .updateTable("code_redemption")
      .set({ pending: 0 })
      .where("code_id", "=", discount.code.id)
      .where("user_id", "=", actor.userId)
      .execute();
  }

  /**
   * Takes a use of the code and does what it grants in one transaction; false, with nothing
   * written, when the use was already spent (by this account, or the last use by another).
   */
  async function redeemInTransaction(
    code: CodeRow,
    actor: Actor,
    now: number,
    pending: boolean,
    grant: (trx: Kysely<DB>) => Promise<void>,
  ): Promise<boolean> {
    const spent = new Error("code spent");
    try {
      await db.transaction().execute(async (trx) => {
        if (!(await redeem(trx, code, actor.userId, now, pending))) throw spent;
        await grant(trx);
      });
      return true;
    } catch (error) {
      if (error === spent) return false;
      throw error;
    }
  }

  return {
    settings(): BillingSettings {
      return {
        mode: deps.billing.mode,
        publishableKey: deps.billing.mode === "stripe" ? deps.billing.publishableKey : null,
      };
    },

    products: (currency: PaymentCurrency, isB2B: boolean) => productsOnSale(db, currency, isB2B),

    currencies: (isB2B: boolean) => currenciesOnSale(db, isB2B),

    async list(actor: Actor): Promise<Subscription[]> {
      if (deps.stripe === null) return [BILLING_OFF_SUBSCRIPTION];
      const stripe = deps.stripe;
      const rows = await db
        .selectFrom("subscription")
        .selectAll()
        .where("user_id", "=", actor.userId)
        .orderBy("created_at", "desc")
        .execute();
      // One waiting for its first payment is read again from Stripe: the browser's confirmation
      // may be ahead of the webhook, and only Stripe's word makes it active.
      for (const row of rows) {
        if (row.provider !== "stripe" || row.status !== "incomplete" || row.provider_subscription_id === null)
          continue;
        const id = row.provider_subscription_id;
        const fresh = await callStripe(() => stripe.subscriptions.retrieve(id));
        const synced = await sync(fresh);
        if (synced !== null) Object.assign(row, synced);
      }
      const products = await db
        .selectFrom("product")
        .selectAll()
        .where(
          "id",
          "in",
          rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id])).concat(["-"]),
        )
        .execute();
      const byId = new Map(products.map((product) => [product.id, product]));
      const now = clock();
      return rows
        .map((row) =>
          presentSubscription(row, row.product_id === null ? undefined : byId.get(row.product_id), now),
        )
        .sort(byCurrentThenNewest);
    },

    async subscribe(
      actor: Actor,
      productId: string,
      body: SubscribeBody,
      ip: string,
    ): Promise<SubscribeResult> {
      const stripe = stripeOrRefuse();
      const product = await productOnSale(db, productId);
      const price = product.provider_price_id as string;
      if ((product.is_b2b === 1) !== body.isB2B) {
        throw new AppError("validation_failed", { fields: { isB2B: "errors:fields.invalid_choice" } });
      }
      if (!body.isB2B && body.productsCount !== 1) {
        throw new AppError("validation_failed", { fields: { productsCount: "errors:billing.single_seat" } });
      }
      // A person's own plan and a company plan they pay for are held side by side, one of each.
      const held = await db
        .selectFrom("subscription")
        .innerJoin("product", "product.id", "subscription.product_id")
        .selectAll("subscription")
        .where("subscription.user_id", "=", actor.userId)
        .where("subscription.provider", "=", "stripe")
        .where("subscription.status", "in", [...CURRENT])
        .where("product.is_b2b", "=", body.isB2B ? 1 : 0)
        .execute();
      if (held.some((row) => PAID.has(row.status))) {
        throw new AppError("conflict", { message: "errors:billing.already_subscribed" });
      }
      const discount = await discountFor(actor, body.promocode, [`account:${actor.userId}`, `address:${ip}`]);
      const customer = await ensureCustomer(stripe, actor);
      // An attempt left unpaid (the buyer went back to pick another plan) is given up first.
      for (const row of held) {
        const id = row.provider_subscription_id;
        if (id !== null) await sync(await callStripe(() => stripe.subscriptions.cancel(id)));
      }
      const created = await callStripe(() =>
        stripe.subscriptions.create({
          customer,
          items: [{ price, quantity: body.productsCount }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: ["latest_invoice.confirmation_secret"],
          metadata: { userId: actor.userId, productId: product.id },
          ...(discount === null
            ? {}
            : { discounts: [{ promotion_code: discount.code.provider_promotion_id as string }] }),
        }),
      );
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("subscription")
          .values({
            id: randomUUID(),
            user_id: actor.userId,
            provider: "stripe",
            product_id: product.id,
            provider_subscription_id: created.id,
            status: "incomplete",
            quantity: body.productsCount,
            current_period_end: null,
            cancel_at_period_end: 0,
            code_id: discount?.code.id ?? null,
            provider_event_at: null,
            reminded_period_end: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((conflict) => conflict.column("provider_subscription_id").doNothing())
          .execute();
        await applyStripeSubscription(trx, deps, created, seconds());
        if (discount !== null) await markDiscountUsed(trx, actor, discount);
      });
      entitlements.forget(actor.userId);
      const row = await db
        .selectFrom("subscription")
        .select(["id", "status"])
        .where("provider_subscription_id", "=", created.id)
        .executeTakeFirstOrThrow();
      const invoice = typeof created.latest_invoice === "object" ? created.latest_invoice : null;
      return {
        subscriptionId: row.id,
        status: row.status,
        clientSecret: invoice?.confirmation_secret?.client_secret ?? null,
      };
    },

    async cancel(actor: Actor, id: string): Promise<Subscription> {
      const stripe = stripeOrRefuse();
      const row = await ownRow(actor, id);
      if (row.provider !== "stripe" || row.provider_subscription_id === null || !PAID.has(row.status)) {
        throw new AppError("conflict", { message: "errors:billing.not_cancellable" });
      }
      const providerId = row.provider_subscription_id;
      const updated = await callStripe(() =>
        stripe.subscriptions.update(providerId, { cancel_at_period_end: true }),
      );
      const synced = await sync(updated, async (trx, applied) => {
        if (row.cancel_at_period_end === 1) return;
        const product = await trx
          .selectFrom("product")
          .selectAll()
          .where("id", "=", applied.product_id ?? "-")
          .executeTakeFirst();
        await deps.mails.send(trx, actor.userId, "cancellationConfirmed", {
          product: product ?? null,
          date: applied.current_period_end,
        });
      });
      return present(synced ?? row);
    },

    async resume(actor: Actor, id: string): Promise<Subscription> {
      const stripe = stripeOrRefuse();
      const row = await ownRow(actor, id);
      if (row.provider_subscription_id === null || row.cancel_at_period_end === 0 || !PAID.has(row.status)) {
        throw new AppError("conflict", { message: "errors:billing.not_cancelled" });
      }
      const providerId = row.provider_subscription_id;
      const updated = await callStripe(() =>
        stripe.subscriptions.update(providerId, { cancel_at_period_end: false }),
      );
      return syncedRow(updated, row);
    },

    async change(actor: Actor, id: string, productId: string, body: SubscribeBody): Promise<Subscription> {
      const stripe = stripeOrRefuse();
      const row = await ownRow(actor, id);
      if (row.provider !== "stripe" || row.provider_subscription_id === null || !PAID.has(row.status)) {
        throw new AppError("not_found");
      }
      const product = await productOnSale(db, productId);
      if ((product.is_b2b === 1) !== body.isB2B) {
        throw new AppError("validation_failed", { fields: { isB2B: "errors:fields.invalid_choice" } });
      }
      if (!body.isB2B && body.productsCount !== 1) {
        throw new AppError("validation_failed", { fields: { productsCount: "errors:billing.single_seat" } });
      }
      const providerId = row.provider_subscription_id;
      const current = await callStripe(() => stripe.subscriptions.retrieve(providerId));
      const item = current.items.data[0];
      if (item === undefined) throw new AppError("not_found");
      const updated = await callStripe(() =>
        stripe.subscriptions.update(providerId, {
          items: [{ id: item.id, price: product.provider_price_id as string, quantity: body.productsCount }],
          proration_behavior: "create_prorations",
          cancel_at_period_end: false,
          metadata: { userId: actor.userId, productId: product.id },
        }),
      );
      return syncedRow(updated, row);
    },

    /**
     * A company plan's seats, set by one of the company's admins (the caller checks who): more
     * seats are invoiced at once for the rest of the period, and refused if that payment fails;
     * fewer are credited on the next invoice. Our copy follows Stripe's answer.
     */
    async setSeats(providerId: string, seats: number): Promise<SubscriptionRow | null> {
      const stripe = stripeOrRefuse();
      const current = await callStripe(() => stripe.subscriptions.retrieve(providerId));
      const item = current.items.data[0];
      if (item === undefined) throw new AppError("not_found");
      const more = seats > (item.quantity ?? 1);
      const updated = await callStripe(() =>
        stripe.subscriptions.update(providerId, {
          items: [{ id: item.id, quantity: seats }],
          proration_behavior: more ? "always_invoice" : "create_prorations",
          ...(more ? { payment_behavior: "error_if_incomplete" as const } : {}),
        }),
      );
      return sync(updated);
    },

    async card(actor: Actor): Promise<PaymentCard | null> {
      const stripe = stripeOrRefuse();
      const customerId = await customerOf(actor);
      if (customerId === null) return null;
      const customer = await callStripe(() => stripe.customers.retrieve(customerId));
      if (customer.deleted) return null;
      let method = customer.invoice_settings?.default_payment_method ?? null;
      if (method === null) {
        // The first payment saves its card on the subscription rather than the customer.
        const current = await db
          .selectFrom("subscription")
          .select("provider_subscription_id")
          .where("user_id", "=", actor.userId)
          .where("provider", "=", "stripe")
          .where("status", "in", [...PAID])
          .orderBy("created_at", "desc")
          .executeTakeFirst();
        const providerId = current?.provider_subscription_id;
        if (providerId == null) return null;
        const subscription = await callStripe(() => stripe.subscriptions.retrieve(providerId));
        method = subscription.default_payment_method;
      }
      if (method === null) return null;
      if (typeof method !== "string") return cardOf(method);
      const methodId = method;
      return cardOf(await callStripe(() => stripe.paymentMethods.retrieve(methodId)));
    },

    async cardSetup(actor: Actor): Promise<CardSetup> {
      const stripe = stripeOrRefuse();
      const customer = await customerOf(actor);
      if (customer === null) throw new AppError("conflict", { message: "errors:billing.no_customer" });
      const intent = await callStripe(() =>
        stripe.setupIntents.create({
          customer,
          usage: "off_session",
          automatic_payment_methods: { enabled: true },
          metadata: { userId: actor.userId },
        }),
      );
      if (intent.client_secret === null) throw new AppError("provider_unavailable");
      return { clientSecret: intent.client_secret };
    },

    /** Makes the card of a succeeded SetupIntent the default, for the customer and its subscriptions. */
    async cardDefault(actor: Actor, setupIntentId: string): Promise<PaymentCard> {
      const stripe = stripeOrRefuse();
      const customer = await customerOf(actor);
      if (customer === null) throw new AppError("not_found");
      const intent = await callStripe(() => stripe.setupIntents.retrieve(setupIntentId));
      const intentCustomer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
      if (intentCustomer !== customer) throw new AppError("not_found");
      if (intent.status !== "succeeded" || intent.payment_method === null) {
        throw new AppError("conflict", { message: "errors:billing.setup_not_finished" });
      }
      const methodId =
        typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method.id;
      await callStripe(() =>
        stripe.customers.update(customer, { invoice_settings: { default_payment_method: methodId } }),
      );
      const current = await db
        .selectFrom("subscription")
        .select("provider_subscription_id")
        .where("user_id", "=", actor.userId)
        .where("provider", "=", "stripe")
        .where("status", "in", [...PAID])
        .execute();
      for (const { provider_subscription_id: providerId } of current) {
        if (providerId === null) continue;
        await callStripe(() => stripe.subscriptions.update(providerId, { default_payment_method: methodId }));
      }
      const card = cardOf(await callStripe(() => stripe.paymentMethods.retrieve(methodId)));
      if (card === null) throw new AppError("conflict", { message: "errors:billing.setup_not_finished" });
      return card;
    },

    async invoices(actor: Actor): Promise<Invoice[]> {
      const rows = await db
        .selectFrom("invoice")
        .selectAll()
        .where("user_id", "=", actor.userId)
        .orderBy("created_at", "desc")
        .limit(120)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        hostedInvoiceUrl: row.hosted_invoice_url,
        createdAt: row.created_at,
      }));
    },

    /**
     * An eVoucher or unique subscription code starts (or extends) a free period at once; a
     * discount waits for the next subscribe. A code that cannot be used answers status false,
     * the same whether it exists or not, and counts towards the guessing limit.
     */
    async activate(actor: Actor, typed: string, ip: string): Promise<ActivationResult> {
      const now = clock();
      const keys = [`account:${actor.userId}`, `address:${ip}`];
      await refuseGuessing(db, keys, now);
      const kinds =
        deps.stripe === null
          ? (["voucher", "subscription"] as const)
          : (["discount", "voucher", "subscription"] as const);
      const code = await usableCode(db, typed, actor.userId, now, kinds);
      const failed = async (): Promise<ActivationResult> => {
        await recordFailedAttempt(db, keys, now);
        return { type: "voucher", status: false };
      };
      if (code === undefined) return failed();
      if (code.kind === "discount") {
        const taken = await redeemInTransaction(code, actor, now, true, async () => {});
        return taken ? { type: "discount", status: true } : failed();
      }
      const granted = await redeemInTransaction(code, actor, now, false, async (trx) => {
        // A second code extends the first rather than running beside it.
        const running = await trx
          .selectFrom("subscription")
          .select((eb) => eb.fn.max("current_period_end").as("end"))
          .where("user_id", "=", actor.userId)
          .where("provider", "=", "code")
          .executeTakeFirst();
        const start = Math.max(now, Number(running?.end ?? 0));
        await trx
          .insertInto("subscription")
          .values({
            id: randomUUID(),
            user_id: actor.userId,
            provider: "code",
            product_id: null,
            provider_subscription_id: null,
            status: "active",
            quantity: 1,
            current_period_end: start + (code.period_days ?? 0) * DAY_MS,
            cancel_at_period_end: 0,
            code_id: code.id,
            provider_event_at: null,
            reminded_period_end: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await entitlements.refresh(actor.userId, trx);
      });
      if (!granted) return failed();
      entitlements.forget(actor.userId);
      return { type: "voucher", status: true };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
