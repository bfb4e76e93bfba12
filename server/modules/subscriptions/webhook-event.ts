import type Stripe from "stripe";
import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "../../../domain/schemas/subscription.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * What a Stripe webhook delivery says, once trusted: signed with the endpoint's secret within the
 * SDK's tolerance of now (in both directions), and its object holding every field Kinfile reads.
 * Only the fields read are checked; Stripe's others pass through untouched.
 */

export type WebhookEvent =
  | { id: string; type: string; created: number; kind: "subscription"; subscription: Stripe.Subscription }
  | { id: string; type: string; created: number; kind: "invoice"; invoice: Stripe.Invoice }
  | { id: string; type: string; created: number; kind: "ignored" };

type WarnLog = { warn(details: object, message: string): void };

const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);
const INVOICE_EVENTS = new Set(["invoice.paid", "invoice.payment_failed"]);

const reference = z.union([z.string(), z.looseObject({ id: z.string() })]);

const subscriptionShape = z.looseObject({
  id: z.string(),
  customer: reference,
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  created: z.number(),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        quantity: z.number().optional(),
        current_period_end: z.number(),
        price: z.looseObject({ id: z.string() }),
      }),
    ),
  }),
});

const invoiceShape = z.looseObject({
  id: z.string(),
  customer: reference.nullable(),
  status: z.string().nullable(),
  number: z.string().nullable(),
  amount_due: z.number(),
  amount_paid: z.number(),
  currency: z.string(),
  created: z.number(),
  hosted_invoice_url: z.string().nullish(),
  parent: z
    .looseObject({
      subscription_details: z.looseObject({ subscription: reference.nullish() }).nullish(),
    })
    .nullish(),
});

const eventShape = z.looseObject({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.looseObject({ object: z.unknown() }),
});

/** The `t=` of a Stripe-Signature header: when Stripe signed (epoch seconds), or null. */
function signedAtOf(header: string): number | null {
  const stamp = header
    .split(",")
    .map((part) => part.trim())
    .find((part) => part.startsWith("t="));
  const seconds = stamp === undefined ? Number.NaN : Number(stamp.slice(2));
  return Number.isInteger(seconds) ? seconds : null;
}

/**
 * The event of a delivery, or a refusal: 400 invalid_signature (worded as the webhook's, not a
 * link's) for a signature that is wrong or dated outside the tolerance, 400 bad_request for an
 * event or object Kinfile cannot read (logged with the event id). An event of a type Kinfile does
 * not act on is answered as ignored, whatever its object.
 */
export function readWebhookEvent(
  stripe: Stripe,
  delivery: { rawBody: Buffer; signature: string | undefined; secret: string; now: number; log: WarnLog },
): WebhookEvent {
  const header = delivery.signature ?? "";
  const tolerance = stripe.webhooks.DEFAULT_TOLERANCE;
  const nowSeconds = Math.floor(delivery.now / 1000);
  const signedAt = signedAtOf(header);
  const outsideWindow = signedAt !== null && Math.abs(nowSeconds - signedAt) > tolerance;
  const refused = (cause?: unknown) =>
    new AppError("invalid_signature", {
      message: outsideWindow ? "errors:messages.webhook_timestamp" : "errors:messages.webhook_signature",
      cause,
    });
  let verified: unknown;
  try {
    // The SDK refuses a signature older than the tolerance; one dated ahead of it is refused below.
    verified = stripe.webhooks.constructEvent(
      delivery.rawBody,
      header,
      delivery.secret,
      tolerance,
      undefined,
      delivery.now,
    );
  } catch (error) {
    throw refused(error);
  }
  if (outsideWindow) throw refused();

  const event = eventShape.safeParse(verified);
  if (!event.success) return malformed(delivery.log, verified, event.error);
  const { id, type, created } = event.data;
  const object = event.data.data.object;
  if (SUBSCRIPTION_EVENTS.has(type)) {
    const subscription = subscriptionShape.safeParse(object);
    if (!subscription.success) return malformed(delivery.log, verified, subscription.error);
    return { id, type, created, kind: "subscription", subscription: object as Stripe.Subscription };
  }
  if (INVOICE_EVENTS.has(type)) {
    const invoice = invoiceShape.safeParse(object);
    if (!invoice.success) return malformed(delivery.log, verified, invoice.error);
    return { id, type, created, kind: "invoice", invoice: object as Stripe.Invoice };
  }
  return { id, type, created, kind: "ignored" };
}

function malformed(log: WarnLog, event: unknown, error: z.ZodError): never {
  const { id, type } = (typeof event === "object" && event !== null ? event : {}) as Record<string, unknown>;
  const fields = error.issues.map((issue) => issue.path.join("."));
  log.warn(
    { eventId: id ?? null, eventType: type ?? null, fields },
    "stripe webhook: an event Kinfile cannot read",
  );
  throw new AppError("bad_request", { message: "errors:messages.webhook_malformed" });
}
