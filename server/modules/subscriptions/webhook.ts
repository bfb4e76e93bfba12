import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { subscriptionRepository } from "./repository.ts";
import { callStripe } from "./stripe-client.ts";
import { applyStripeSubscription, customerIdOf, type SyncDeps } from "./stripe-sync.ts";
import { readWebhookEvent } from "./webhook-event.ts";

/**
 * POST /api/sbs/webhook/stripe. The signature is checked on the raw body with the endpoint's
 * secret; each event is applied once (its id is kept in provider_event, in the same transaction as
 * its effects, so a redelivery changes nothing); subscription facts older than those already
 * applied are ignored (stripe-sync.ts), so the order of delivery does not matter. What is
 * trusted and read of a delivery is webhook-event.ts's.
 */

export type WebhookDeps = SyncDeps & { database: Database; stripe: Stripe; webhookSecret: string };

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (subscription == null) return null;
  return typeof subscription === "string" ? subscription : subscription.id;
}

async function ownerOfCustomer(trx: Kysely<DB>, customerId: string | null): Promise<string | null> {
  return customerId === null ? null : subscriptionRepository(trx).customerOwner(customerId);
}

async function recordInvoice(trx: Kysely<DB>, userId: string, invoice: Stripe.Invoice): Promise<void> {
  await subscriptionRepository(trx).upsertInvoice(
    { id: invoice.id as string, user_id: userId, created_at: invoice.created * 1000 },
    {
      number: invoice.number,
      amount: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: invoice.status ?? "open",
      hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    },
  );
}

export async function handleStripeWebhook(
  deps: WebhookDeps,
  delivery: {
    rawBody: Buffer;
    signature: string | undefined;
    log: { warn(details: object, message: string): void };
  },
): Promise<void> {
  const event = readWebhookEvent(deps.stripe, { ...delivery, secret: deps.webhookSecret, now: deps.clock() });
  const db = deps.database.db;
  if (await subscriptionRepository(db).eventSeen(event.id)) return;

  let subscription: Stripe.Subscription | null = null;
  let invoice: Stripe.Invoice | null = null;
  let factAt = event.created;
  if (event.kind === "subscription") {
    subscription = event.subscription;
  } else if (event.kind === "invoice") {
    invoice = event.invoice;
    const subscriptionId = subscriptionIdOf(invoice);
    if (subscriptionId !== null) {
      // An invoice says little of its subscription's state: read it from Stripe now, before the
      // transaction (no network wait holds the database).
      subscription = await callStripe(() => deps.stripe.subscriptions.retrieve(subscriptionId));
      factAt = Math.floor(deps.clock() / 1000);
    }
  }

  let changedUser: string | null = null;
  await db.transaction().execute(async (trx) => {
    if (!(await subscriptionRepository(trx).recordEvent(event.id, event.type, deps.clock()))) return;
    const applied =
      subscription === null ? null : await applyStripeSubscription(trx, deps, subscription, factAt);
    changedUser = applied?.user_id ?? null;
    if (invoice === null) return;
    const customerId =
      typeof invoice.customer === "string" ? invoice.customer : (invoice.customer?.id ?? null);
    const owner =
      (await ownerOfCustomer(trx, customerId)) ??
      (subscription === null ? null : await ownerOfCustomer(trx, customerIdOf(subscription)));
    if (owner === null) return;
    await recordInvoice(trx, owner, invoice);
    if (event.type === "invoice.payment_failed") {
      const productId = applied?.product_id ?? null;
      const product =
        productId === null ? null : ((await subscriptionRepository(trx).product(productId)) ?? null);
      await deps.mails.send(trx, owner, "paymentFailed", {
        product,
        amount: invoice.amount_due,
        currency: invoice.currency,
      });
    }
  });
  if (changedUser !== null) deps.entitlements.forget(changedUser);
}
