import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import Stripe from "stripe";

/**
 * A local HTTP server speaking the few endpoints of Stripe's API that Kinfile calls, for tests that
 * run the official SDK against it (STRIPE_API_HOST/PORT/PROTOCOL). It keeps its objects in memory,
 * answers them in Stripe's shapes (API 2026: a subscription's period on its items, an invoice's
 * confirmation_secret), and lets the test do what a buyer does in Stripe's frame: pay an invoice,
 * confirm a card. Webhook events are signed with the SDK's own test-header helper.
 *
 * Only what Kinfile reads is filled in; every other field of a Stripe object is left out.
 */

type Json = Record<string, unknown>;

/** One call received, with its decoded form body and what was answered. */
export type StripeRequest = { method: string; path: string; body: Json; answer: Json };

export type FakeCard = { brand: string; last4: string; expMonth: number; expYear: number };

const DAY_S = 24 * 60 * 60;

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

export type StripeTestServer = {
  /** The `api` part of a stripe BillingConfig. */
  api: { host: string; port: number; protocol: "http" };
  /** Every request received, in order, with its decoded body. */
  requests: StripeRequest[];
  /** A price Stripe knows, as an admin makes in Stripe's dashboard. */
  addPrice(price: { currency: string; amount: number; interval: "month" | "year" }): string;
  subscription(id: string): Json;
  /** What the Payment Element does once the buyer pays: the first invoice is paid, the subscription active. */
  pay(subscriptionId: string, card?: FakeCard): Json;
  /** What the Payment Element does for a card replacement: the SetupIntent succeeds with a new card. */
  confirmSetup(setupIntentId: string, card: FakeCard): void;
  /** Moves a subscription's state as Stripe would over time (renewal, failed retries, the end). */
  setSubscription(id: string, changes: Json): Json;
  /**
   * A webhook delivery: the body and its Stripe-Signature header, signed with `secret` now (the
   * server's `now`) or at `signedAt` (epoch seconds).
   */
  event(
    type: string,
    object: Json,
    secret: string,
    options?: { created?: number; id?: string; signedAt?: number },
  ): { payload: string; signature: string };
  invoiceFor(subscriptionId: string, changes?: Json): Json;
  /** Stripe out of reach while false: every API call is held unanswered, as a silent network does. */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
};

export async function startStripeServer(options: { now?: () => number } = {}): Promise<StripeTestServer> {
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const promotionCodes = new Map<string, Json>();
  const portalConfigurations = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const requests: StripeRequest[] = [];
  let reachable = true;
  let origin = "";

  function paymentMethod(card: FakeCard): string {
    const methodId = id("pm");
    paymentMethods.set(methodId, {
      id: methodId,
      object: "payment_method",
      type: "card",
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
    });
    return methodId;
  }

  function periodEnd(priceId: string, from: number): number {
    const interval = (prices.get(priceId)?.recurring as Json | undefined)?.interval;
    return from + (interval === "year" ? 365 : 30) * DAY_S;
  }

  function item(priceId: string, quantity: number, from: number): Json {
    return {
      id: id("si"),
      object: "subscription_item",
      price: prices.get(priceId) ?? { id: priceId, object: "price" },
      quantity,
      current_period_start: from,
      current_period_end: periodEnd(priceId, from),
    };
  }

  function invoiceFor(subscriptionId: string, changes: Json = {}): Json {
    const subscription = subscriptions.get(subscriptionId) as Json;
    const first = ((subscription.items as Json).data as Json[])[0] as Json;
    const price = first.price as Json;
    const invoiceId = id("in");
    const invoice: Json = {
      id: invoiceId,
      object: "invoice",
      customer: subscription.customer,
      number: `KF-${invoices.size + 1}`,
      status: "open",
      currency: price.currency ?? "cad",
      amount_due: Number(price.unit_amount ?? 0) * Number(first.quantity ?? 1),
      amount_paid: 0,
      created: nowSeconds(),
      hosted_invoice_url: `https://invoice.stripe.test/${invoiceId}`,
      billing_reason: "subscription_create",
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
      confirmation_secret: { type: "payment_intent", client_secret: `pi_${invoiceId}_secret_${id("s")}` },
      ...changes,
    };
    invoices.set(invoiceId, invoice);
    return invoice;
  }

  function expandInvoice(subscription: Json, expand: unknown): Json {
    const wanted = Array.isArray(expand) ? expand : [];
    if (!wanted.some((path) => String(path).startsWith("latest_invoice"))) return subscription;
    return { ...subscription, latest_invoice: invoices.get(String(subscription.latest_invoice)) ?? null };
  }

  function createSubscription(body: Json): Json {
    const subscriptionId = id("sub");
    const now = nowSeconds();
    const items = (body.items as Json[]).map((entry) =>
      item(String(entry.price), Number(entry.quantity ?? 1), now),
    );
    const subscription: Json = {
      id: subscriptionId,
      object: "subscription",
      customer: body.customer,
      status: "incomplete",
      cancel_at_period_end: false,
      created: now,
      default_payment_method: null,
      metadata: body.metadata ?? {},
      discounts: body.discounts ?? [],
      items: { object: "list", data: items },
      latest_invoice: null,
    };
    subscriptions.set(subscriptionId, subscription);
    subscription.latest_invoice = invoiceFor(subscriptionId).id;
    return expandInvoice(subscription, body.expand);
  }

  /** The quantity a subscription bills, summed over its items. */
  function quantityOf(subscription: Json): number {
    return ((subscription.items as Json).data as Json[]).reduce(
      (sum, entry) => sum + Number(entry.quantity),
      0,
    );
  }

  function updateSubscription(subscription: Json, body: Json): Json {
    const before = quantityOf(subscription);
    if (body.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
    }
    if (typeof body.default_payment_method === "string") {
      subscription.default_payment_method = body.default_payment_method;
    }
    if (body.metadata !== undefined) subscription.metadata = body.metadata;
    if (Array.isArray(body.items)) {
      const list = subscription.items as Json;
      list.data = (list.data as Json[]).map((current) => {
        const change = (body.items as Json[]).find((entry) => entry.id === current.id);
        if (change === undefined) return current;
        const priceId = String(change.price ?? (current.price as Json).id);
        return {
          ...current,
          price: prices.get(priceId) ?? { id: priceId },
          quantity: Number(change.quantity ?? current.quantity),
        };
      });
    }
    if (body.proration_behavior === "always_invoice" && quantityOf(subscription) > before) {
      // The added seats for the rest of the period, invoiced and paid at once.
      const added = invoiceFor(String(subscription.id), {
        billing_reason: "subscription_update",
        status: "paid",
      });
      added.amount_due = Math.round(
        (Number(added.amount_due) * (quantityOf(subscription) - before)) / quantityOf(subscription),
      );
      added.amount_paid = added.amount_due;
      subscription.latest_invoice = added.id;
    }
    return subscription;
  }

  function portalPage(sessionId: string): string | null {
    const session = portalSessions.get(sessionId);
    if (session === undefined) return null;
    const back = String(session.return_url)
      .replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;")
      .replace(/</g, "&lt;");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal (test)</title></head><body><main><h1>Billing portal</h1><p>Customer ${String(session.customer)}</p><a href="${back}">Return to Kinfile</a></main></body></html>`;
  }

  function route(method: string, path: string, body: Json, query: Json): [number, Json] {
    const parts = path.split("/").filter(Boolean).slice(1); // without "v1"
    // billing_portal/configurations is one kind of object, as customers is.
    if (parts[0] === "billing_portal") parts.splice(0, 2, `billing_portal/${parts[1]}`);
    const [kind, objectId, action] = parts;
    const missing: [number, Json] = [
      404,
      {
        error: {
          type: "invalid_request_error",
          message: `No such ${kind}: '${objectId}'`,
          code: "resource_missing",
        },
      },
    ];
    const found = (map: Map<string, Json>): Json | undefined =>
      objectId === undefined ? undefined : map.get(objectId);
    switch (
      `${method} ${kind}${objectId === undefined ? "" : "/:id"}${action === undefined ? "" : `/${action}`}`
    ) {
      case "POST customers": {
        const customer = {
          id: id("cus"),
          object: "customer",
          email: body.email,
          name: body.name,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        return [200, customer];
      }
      case "GET customers/:id":
        return found(customers) ? [200, found(customers) as Json] : missing;
      case "POST customers/:id": {
        const customer = found(customers);
        if (customer === undefined) return missing;
        const settings = body.invoice_settings as Json | undefined;
        if (settings?.default_payment_method !== undefined) {
          customer.invoice_settings = { default_payment_method: settings.default_payment_method };
        }
        return [200, customer];
      }
      case "POST subscriptions":
        return [200, createSubscription(body)];
      case "GET subscriptions/:id": {
        const subscription = found(subscriptions);
        return subscription ? [200, expandInvoice(subscription, query.expand)] : missing;
      }
      case "POST subscriptions/:id": {
        const subscription = found(subscriptions);
        return subscription ? [200, updateSubscription(subscription, body)] : missing;
      }
      case "DELETE subscriptions/:id": {
        const subscription = found(subscriptions);
        if (subscription === undefined) return missing;
        subscription.status = subscription.status === "incomplete" ? "incomplete_expired" : "canceled";
        return [200, subscription];
      }
      case "POST setup_intents": {
        const intent = {
          id: id("seti"),
          object: "setup_intent",
          customer: body.customer,
          status: "requires_payment_method",
          payment_method: null,
          client_secret: `seti_secret_${id("s")}`,
        };
        setupIntents.set(intent.id, intent);
        return [200, intent];
      }
      case "GET setup_intents/:id":
        return found(setupIntents) ? [200, found(setupIntents) as Json] : missing;
      case "GET payment_methods/:id":
        return found(paymentMethods) ? [200, found(paymentMethods) as Json] : missing;
      case "GET prices/:id":
        return found(prices) ? [200, found(prices) as Json] : missing;
      case "POST coupons": {
        const coupon = { id: id("coupon"), object: "coupon", ...body };
        coupons.set(coupon.id, coupon);
        return [200, coupon];
      }
      case "POST promotion_codes": {
        const promotion = { id: id("promo"), object: "promotion_code", active: true, ...body };
        promotionCodes.set(promotion.id, promotion);
        return [200, promotion];
      }
      case "POST promotion_codes/:id": {
        const promotion = found(promotionCodes);
        if (promotion === undefined) return missing;
        if (body.active !== undefined) promotion.active = body.active === "true";
        return [200, promotion];
      }
      case "GET billing_portal/configurations":
        return [
          200,
          {
            object: "list",
            url: "/v1/billing_portal/configurations",
            has_more: false,
            data: [...portalConfigurations.values()].filter(
              (configuration) => query.active === undefined || String(configuration.active) === query.active,
            ),
          },
        ];
      case "POST billing_portal/configurations": {
        const configuration = {
          id: id("bpc"),
          object: "billing_portal.configuration",
          active: true,
          is_default: false,
          name: body.name ?? null,
          features: body.features,
          metadata: body.metadata ?? {},
        };
        portalConfigurations.set(configuration.id, configuration);
        return [200, configuration];
      }
      case "POST billing_portal/configurations/:id": {
        const configuration = found(portalConfigurations);
        if (configuration === undefined) return missing;
        if (body.features !== undefined) configuration.features = body.features;
        return [200, configuration];
      }
      case "POST billing_portal/sessions": {
        if (typeof body.configuration === "string" && !portalConfigurations.has(body.configuration)) {
          return [400, { error: { type: "invalid_request_error", message: "No such configuration" } }];
        }
        if (!customers.has(String(body.customer)))
          return [400, { error: { type: "invalid_request_error", message: "No such customer" } }];
        const sessionId = id("bps");
        const session = {
          id: sessionId,
          object: "billing_portal.session",
          customer: body.customer,
          configuration: body.configuration,
          return_url: body.return_url,
          url: `${origin}/portal/${sessionId}`,
        };
        portalSessions.set(sessionId, session);
        return [200, session];
      }
      default:
        return [
          404,
          {
            error: { type: "invalid_request_error", message: `Unrecognized request URL (${method} ${path})` },
          },
        ];
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://stripe.test");
    // The portal's own page, as a browser sees it: where the person would manage their billing.
    if (request.method === "GET" && url.pathname.startsWith("/portal/")) {
      const page = portalPage(url.pathname.slice("/portal/".length));
      response.writeHead(page === null ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
      response.end(page ?? "Not found");
      return;
    }
    // Out of reach: the call is left without an answer until the caller gives up.
    if (!reachable) return;
    const body = qs.parse(Buffer.concat(chunks).toString("utf8")) as Json;
    const query = qs.parse(url.search.slice(1)) as Json;
    const method = request.method ?? "GET";
    const [status, answer] =
      request.headers.authorization?.startsWith("Bearer sk_test_") === true
        ? route(method, url.pathname, body, query)
        : [401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }];
    requests.push({ method, path: url.pathname, body, answer });
    response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    response.end(JSON.stringify(answer));
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const signer = new Stripe("sk_test_signer");

  return {
    api: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    addPrice({ currency, amount, interval }) {
      const priceId = id("price");
      prices.set(priceId, {
        id: priceId,
        object: "price",
        currency,
        unit_amount: amount,
        recurring: { interval, interval_count: 1 },
      });
      return priceId;
    },
    subscription(subscriptionId) {
      return subscriptions.get(subscriptionId) as Json;
    },
    pay(subscriptionId, card = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 }) {
      const subscription = subscriptions.get(subscriptionId) as Json;
      const invoice = invoices.get(String(subscription.latest_invoice)) as Json;
      Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due });
      Object.assign(subscription, { status: "active", default_payment_method: paymentMethod(card) });
      return invoice;
    },
    confirmSetup(setupIntentId, card) {
      const intent = setupIntents.get(setupIntentId) as Json;
      Object.assign(intent, { status: "succeeded", payment_method: paymentMethod(card) });
    },
    setSubscription(subscriptionId, changes) {
      const subscription = subscriptions.get(subscriptionId) as Json;
      return Object.assign(subscription, changes);
    },
    invoiceFor,
    event(type, object, secret, eventOptions = {}) {
      const payload = JSON.stringify({
        id: eventOptions.id ?? id("evt"),
        object: "event",
        api_version: "2026-10-28.endive",
        created: eventOptions.created ?? nowSeconds(),
        type,
        livemode: false,
        data: { object: structuredClone(object) },
      });
      const timestamp = eventOptions.signedAt ?? nowSeconds();
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
    },
    setReachable(value) {
      reachable = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
