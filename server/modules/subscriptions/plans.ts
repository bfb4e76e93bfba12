import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { SubscribeBody, SubscribeResult, Subscription } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { type CodeRow, recordFailedAttempt, redeem, refuseGuessing, usableCode } from "./codes.ts";
import {
  BILLING_OFF_SUBSCRIPTION,
  byCurrentThenNewest,
  CURRENT,
  PAID,
  presentSubscription,
} from "./presenter.ts";
import { type ProductRow, productOnSale } from "./products.ts";
import { subscriptionRepository } from "./repository.ts";
import type { SubscriptionContext } from "./service-context.ts";
import { callStripe } from "./stripe-client.ts";
import { applyStripeSubscription, type SubscriptionRow } from "./stripe-sync.ts";

/** A plan chosen for a subscribe or a change: of the kind asked for, one seat for a person's own. */
function checkChoice(product: ProductRow, body: SubscribeBody): void {
  if ((product.is_b2b === 1) !== body.isB2B) {
    throw new AppError("validation_failed", { fields: { isB2B: "errors:fields.invalid_choice" } });
  }
  if (!body.isB2B && body.productsCount !== 1) {
    throw new AppError("validation_failed", { fields: { productsCount: "errors:billing.single_seat" } });
  }
}

/**
 * The account's plans at Stripe: list, subscribe, cancel, resume, change, and a company plan's
 * seats. Whose subscription is always the session's: another account's id answers 404.
 */
export function planCalls(context: SubscriptionContext) {
  const { db, deps, repository, sync } = context;

  async function ensureCustomer(stripe: Stripe, actor: Actor): Promise<string> {
    const known = await repository.customerId(actor.userId);
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
    await repository.insertCustomer(actor.userId, customer.id, deps.clock());
    // A concurrent subscribe may have stored its customer first: use whichever is stored.
    return (await repository.customerId(actor.userId)) ?? customer.id;
  }

  /** The discount a subscribe takes: the code typed with it, else one activated earlier and unused. */
  async function discountFor(actor: Actor, promocode: string | null | undefined, keys: string[]) {
    const now = deps.clock();
    if (promocode) {
      await refuseGuessing(db, keys, now);
      const code = await usableCode(db, promocode, actor.userId, now, ["discount"]);
      if (code === undefined || code.provider_promotion_id === null) {
        await recordFailedAttempt(db, keys, now);
        throw new AppError("validation_failed", { fields: { promocode: "errors:billing.code_invalid" } });
      }
      return { code, typed: true };
    }
    const pending = await repository.pendingDiscount(actor.userId, now);
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
      if (!(await redeem(trx, discount.code, actor.userId, deps.clock(), false))) {
        throw new AppError("validation_failed", { fields: { promocode: "errors:billing.code_invalid" } });
      }
      return;
    }
    await subscriptionRepository(trx).discountUsed(discount.code.id, actor.userId);
  }

  return {
    async list(actor: Actor): Promise<Subscription[]> {
      if (deps.stripe === null) return [BILLING_OFF_SUBSCRIPTION];
      const stripe = deps.stripe;
      const rows = await repository.ofAccount(actor.userId);
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
      const byId = await repository.productsById(
        rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id])),
      );
      const now = deps.clock();
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
      const stripe = context.stripeOrRefuse();
      const product = await productOnSale(db, productId);
      const price = product.provider_price_id as string;
      checkChoice(product, body);
      // A person's own plan and a company plan they pay for are held side by side, one of each.
      const held = await repository.heldAtStripe(actor.userId, body.isB2B, [...CURRENT]);
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
      const now = deps.clock();
      await db.transaction().execute(async (trx) => {
        await subscriptionRepository(trx).insert({
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
        });
        await applyStripeSubscription(trx, deps, created, context.seconds());
        if (discount !== null) await markDiscountUsed(trx, actor, discount);
      });
      deps.entitlements.forget(actor.userId);
      const row = await repository.byProviderId(created.id);
      if (row === undefined) throw new Error("the subscription just stored is missing");
      const invoice = typeof created.latest_invoice === "object" ? created.latest_invoice : null;
      return {
        subscriptionId: row.id,
        status: row.status,
        clientSecret: invoice?.confirmation_secret?.client_secret ?? null,
      };
    },

    async cancel(actor: Actor, id: string): Promise<Subscription> {
      const stripe = context.stripeOrRefuse();
      const row = await context.ownRow(actor, id);
      if (row.provider !== "stripe" || row.provider_subscription_id === null || !PAID.has(row.status)) {
        throw new AppError("conflict", { message: "errors:billing.not_cancellable" });
      }
      const providerId = row.provider_subscription_id;
      const updated = await callStripe(() =>
        stripe.subscriptions.update(providerId, { cancel_at_period_end: true }),
      );
      const synced = await sync(updated, async (trx, applied) => {
        if (row.cancel_at_period_end === 1) return;
        const product = await subscriptionRepository(trx).product(applied.product_id ?? "-");
        await deps.mails.send(trx, actor.userId, "cancellationConfirmed", {
          product: product ?? null,
          date: applied.current_period_end,
        });
      });
      return context.present(synced ?? row);
    },

    async resume(actor: Actor, id: string): Promise<Subscription> {
      const stripe = context.stripeOrRefuse();
      const row = await context.ownRow(actor, id);
      if (row.provider_subscription_id === null || row.cancel_at_period_end === 0 || !PAID.has(row.status)) {
        throw new AppError("conflict", { message: "errors:billing.not_cancelled" });
      }
      const providerId = row.provider_subscription_id;
      const updated = await callStripe(() =>
        stripe.subscriptions.update(providerId, { cancel_at_period_end: false }),
      );
      return context.syncedRow(updated, row);
    },

    async change(actor: Actor, id: string, productId: string, body: SubscribeBody): Promise<Subscription> {
      const stripe = context.stripeOrRefuse();
      const row = await context.ownRow(actor, id);
      if (row.provider !== "stripe" || row.provider_subscription_id === null || !PAID.has(row.status)) {
        throw new AppError("not_found");
      }
      const product = await productOnSale(db, productId);
      checkChoice(product, body);
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
      return context.syncedRow(updated, row);
    },

    /**
     * A company plan's seats, set by one of the company's admins (the caller checks who): more
     * seats are invoiced at once for the rest of the period, and refused if that payment fails;
     * fewer are credited on the next invoice. Our copy follows Stripe's answer.
     */
    async setSeats(providerId: string, seats: number): Promise<SubscriptionRow | null> {
      const stripe = context.stripeOrRefuse();
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
  };
}
