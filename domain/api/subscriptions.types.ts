import { z } from "zod";
import { PAYMENT_CURRENCIES } from "../catalog/currencies.ts";
import {
  type ActivationResult,
  activateCodeBodySchema,
  BILLING_MODES,
  type BillingSettings,
  type CardSetup,
  cardSetupDoneSchema,
  type Invoice,
  type PaymentCard,
  PLAN_INTERVALS,
  type PortalSession,
  portalBodySchema,
  SUBSCRIPTION_PROVIDERS,
  SUBSCRIPTION_STATUSES,
  type SubscribeResult,
  type Subscription,
  type SubscriptionProduct,
  subscribeBodySchema,
} from "../schemas/subscription.ts";

const idParams = z.object({ id: z.string().max(64) });
/** The spec's cancel form: the first segment is the spec's and ignored, the session decides whose. */
const cancelParams = z.object({ a: z.string().max(255), b: z.string().max(64) });
/** The spec's change form: the subscription, then the product it moves to. */
const changeParams = z.object({ a: z.string().max(64), b: z.string().max(64) });
const currencyParams = z.object({
  currency: z.enum(PAYMENT_CURRENCIES, { error: "errors:fields.invalid_choice" }),
});
/** A person's own plans, or (`true`) a company's, sold by the seat. */
const productsQuery = z.object({
  isB2BProduct: z
    .enum(["true", "false"], { error: "errors:fields.invalid_choice" })
    .default("false")
    .transform((value) => value === "true"),
});

const settingsSchema: z.ZodType<BillingSettings, BillingSettings> = z.object({
  mode: z.enum(BILLING_MODES),
  publishableKey: z.string().nullable(),
});

const productSchema: z.ZodType<SubscriptionProduct, SubscriptionProduct> = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.enum(PAYMENT_CURRENCIES),
  amount: z.number(),
  interval: z.enum(PLAN_INTERVALS),
  isB2B: z.boolean(),
  integrationData: z.object({ providerProductId: z.string().nullable() }),
});

/** A subscription as its holder sees it; also a company's plan, as its admins see it. */
export const subscriptionSchema: z.ZodType<Subscription, Subscription> = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(SUBSCRIPTION_PROVIDERS),
  product: z
    .object({
      id: z.string(),
      name: z.string(),
      currency: z.enum(PAYMENT_CURRENCIES),
      amount: z.number(),
      interval: z.enum(PLAN_INTERVALS),
      isB2B: z.boolean(),
    })
    .nullable(),
  quantity: z.number(),
  currentPeriodEnd: z.number().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  renewal: z
    .object({ amount: z.number(), currency: z.string(), interval: z.enum(PLAN_INTERVALS) })
    .nullable(),
  createdAt: z.number(),
});

/** The spec's activation result, of a code (here) or of a company's invitation. */
export const activationResultSchema: z.ZodType<ActivationResult, ActivationResult> = z.object({
  type: z.enum(["discount", "b2b", "voucher"]),
  status: z.boolean(),
});

const subscribeResultSchema: z.ZodType<SubscribeResult, SubscribeResult> = z.object({
  subscriptionId: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  clientSecret: z.string().nullable(),
});

const cardSchema: z.ZodType<PaymentCard, PaymentCard> = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});

const cardSetupSchema: z.ZodType<CardSetup, CardSetup> = z.object({ clientSecret: z.string() });

const invoiceSchema: z.ZodType<Invoice, Invoice> = z.object({
  id: z.string(),
  number: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  hostedInvoiceUrl: z.string().nullable(),
  createdAt: z.number(),
});

const portalSessionSchema: z.ZodType<PortalSession, PortalSession> = z.object({ url: z.string() });

export const subscriptionsTypes = {
  /** The billing mode, and Stripe's publishable key in stripe mode. */
  settings: { response: settingsSchema },
  products: { params: currencyParams, query: productsQuery, response: z.array(productSchema) },
  /** The currencies with a plan on sale: none means nothing is for sale. */
  currencies: { query: productsQuery, response: z.array(z.enum(PAYMENT_CURRENCIES)) },
  /** The account's subscriptions, the current one first. */
  list: { response: z.array(subscriptionSchema) },
  /** Starts a Stripe subscription; the Payment Element takes the first payment with its secret. */
  subscribe: { params: idParams, body: subscribeBodySchema, response: subscribeResultSchema },
  cancelSpec: { params: cancelParams, response: subscriptionSchema },
  /** Cancels at the period's end, with undo until then. */
  cancel: { params: idParams, response: subscriptionSchema },
  resume: { params: idParams, response: subscriptionSchema },
  change: { params: changeParams, body: subscribeBodySchema, response: subscriptionSchema },
  /** The card on file, or null. */
  card: { response: cardSchema.nullable() },
  /** A SetupIntent for replacing the card. */
  cardSetup: { response: cardSetupSchema },
  cardDefault: { body: cardSetupDoneSchema, response: cardSchema },
  invoices: { response: z.array(invoiceSchema) },
  /** Stripe's customer portal for the account's own billing, or its company's for an admin. */
  portal: { body: portalBodySchema, response: portalSessionSchema },
  activateCode: { body: activateCodeBodySchema, response: activationResultSchema },
  /** Stripe's event, read as the raw bytes it signed (so no body schema here). */
  stripeWebhook: { response: z.object({ received: z.literal(true) }) },
};
