import { z } from "zod";
import { PAYMENT_CURRENCIES, type PaymentCurrency } from "../catalog/currencies.ts";
import { CODE_MAX, MAX_PRODUCTS_COUNT } from "../limits.ts";

/**
 * Subscriptions, payments and codes: every shape the `/api/sbs/*`, donation and admin billing
 * calls send or answer, shared by the server and the app.
 *
 * Two billing modes (BILLING): "off", a copy that needs no subscription (every verified account is
 * a subscriber), and "stripe". Money is an integer of minor units plus a currency code.
 */

export const BILLING_MODES = ["off", "stripe"] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** What the app needs to know of billing before drawing My Subscription. */
export type BillingSettings = {
  mode: BillingMode;
  /** Stripe's publishable key in stripe mode, else null. */
  publishableKey: string | null;
};

export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** The spec's subscription product. */
export type SubscriptionProduct = {
  id: string;
  name: string;
  currency: PaymentCurrency;
  /** Minor units. */
  amount: number;
  interval: PlanInterval;
  isB2B: boolean;
  integrationData: { providerProductId: string | null };
};

/** Stripe's subscription statuses; "active" is the spec's gate. */
export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** none: billing is off; stripe: paid; code: a voucher or unique subscription code. */
export const SUBSCRIPTION_PROVIDERS = ["none", "stripe", "code"] as const;
export type SubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number];

/** One item of `GET /api/sbs/`; the first item is the current one. */
export type Subscription = {
  id: string;
  status: SubscriptionStatus;
  provider: SubscriptionProvider;
  /** isB2B: a company plan, whose quantity is the company's seats (shown on /b2b, not My Subscription). */
  product: Omit<SubscriptionProduct, "integrationData"> | null;
  quantity: number;
  /** Epoch ms the period renews (or ends, once cancelled); null when there is none. */
  currentPeriodEnd: number | null;
  /** Cancelled at period end, with undo until then. */
  cancelAtPeriodEnd: boolean;
  /**
   * What the next renewal bills (Stripe's price times the quantity, before any discount), as the
   * provider last said; null for a code or before Stripe said.
   */
  renewal: { amount: number; currency: string; interval: PlanInterval } | null;
  createdAt: number;
};

/** `POST /api/sbs/portal`: whose billing (the account's own, or its company's) and the page to come back to. */
export const portalBodySchema = z.object({
  returnPath: z
    .string({ error: "errors:fields.required" })
    .min(1, { error: "errors:fields.required" })
    .max(2_000, { error: "errors:fields.too_long" }),
  for: z.enum(["account", "company"], { error: "errors:fields.invalid_choice" }).default("account"),
});
export type PortalBody = z.infer<typeof portalBodySchema>;

/** A Stripe customer-portal session: the browser goes to `url`, and Stripe brings it back. */
export type PortalSession = { url: string };

const PROMOCODE_MAX = 64;

/** The spec's subscribe and change payload. */
export const subscribeBodySchema = z.object({
  promocode: z.string().trim().max(PROMOCODE_MAX, { error: "errors:fields.too_long" }).nullish(),
  provider: z.enum(["stripe"], { error: "errors:fields.invalid_choice" }).default("stripe"),
  providerSubscriptionId: z.string().max(255, { error: "errors:fields.too_long" }).nullish(),
  productsCount: z
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(1, { error: "errors:fields.too_small" })
    .max(MAX_PRODUCTS_COUNT, { error: "errors:fields.too_big" })
    .default(1),
  isB2B: z.boolean({ error: "errors:fields.invalid_choice" }).default(false),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** What the Payment Element needs to take the first payment. */
export type SubscribeResult = {
  subscriptionId: string;
  status: SubscriptionStatus;
  /** The first invoice's confirmation secret; null when nothing is due (a 100% discount). */
  clientSecret: string | null;
};

/** The card on file: never more than this leaves the server. */
export type PaymentCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** `POST /api/sbs/bt/card`: a SetupIntent for replacing the card. */
export type CardSetup = { clientSecret: string };
export const cardSetupDoneSchema = z.object({
  setupIntentId: z.string().min(1, { error: "errors:fields.required" }).max(255),
});

/** A paid or open invoice, linked to Stripe's hosted page. */
export type Invoice = {
  id: string;
  number: string | null;
  amount: number;
  currency: string;
  status: string;
  hostedInvoiceUrl: string | null;
  createdAt: number;
};

export const activateCodeBodySchema = z.object({
  code: z
    .string({ error: "errors:fields.required" })
    .trim()
    .min(1, { error: "errors:fields.required" })
    .max(CODE_MAX, { error: "errors:fields.too_long" }),
});

/** The spec's activation result. */
export type ActivationResult = { type: "discount" | "b2b" | "voucher"; status: boolean };

/** discount: off the next payment; voucher (eVoucher) and subscription (unique code): a free period. */
export const CODE_KINDS = ["discount", "voucher", "subscription"] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** A code as admins see it. */
export type BillingCode = {
  id: string;
  kind: CodeKind;
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  currency: PaymentCurrency | null;
  /** Days of subscription a voucher or unique code grants. */
  periodDays: number | null;
  expiresAt: number | null;
  maxUses: number | null;
  uses: number;
  archived: boolean;
  createdAt: number;
};

export const MAX_CODES_AT_ONCE = 500;
export const MAX_PERIOD_DAYS = 3_660;

export const createCodeBodySchema = z
  .object({
    kind: z.enum(CODE_KINDS, { error: "errors:fields.invalid_choice" }),
    percentOff: z
      .number()
      .int()
      .min(1, { error: "errors:fields.too_small" })
      .max(100, { error: "errors:fields.too_big" })
      .nullish(),
    amountOff: z
      .number()
      .int()
      .min(1, { error: "errors:fields.too_small" })
      .max(100_000_000, { error: "errors:fields.too_big" })
      .nullish(),
    currency: z.enum(PAYMENT_CURRENCIES, { error: "errors:fields.invalid_choice" }).nullish(),
    periodDays: z
      .number()
      .int()
      .min(1, { error: "errors:fields.too_small" })
      .max(MAX_PERIOD_DAYS, { error: "errors:fields.too_big" })
      .nullish(),
    expiresAt: z.number().int().min(0).nullish(),
    maxUses: z
      .number()
      .int()
      .min(1, { error: "errors:fields.too_small" })
      .max(1_000_000, { error: "errors:fields.too_big" })
      .nullish(),
    count: z
      .number()
      .int()
      .min(1, { error: "errors:fields.too_small" })
      .max(MAX_CODES_AT_ONCE, { error: "errors:fields.too_big" })
      .default(1),
  })
  .superRefine((body, context) => {
    const required = (path: string) =>
      context.addIssue({ code: "custom", path: [path], message: "errors:fields.required" });
    if (body.kind === "discount") {
      if ((body.percentOff == null) === (body.amountOff == null)) required("percentOff");
      if (body.amountOff != null && body.currency == null) required("currency");
    } else if (body.periodDays == null) required("periodDays");
  });
export type CreateCodeBody = z.infer<typeof createCodeBodySchema>;

export const createProductBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "errors:fields.required" })
    .max(100, { error: "errors:fields.too_long" }),
  currency: z.enum(PAYMENT_CURRENCIES, { error: "errors:fields.invalid_choice" }),
  amount: z
    .number()
    .int()
    .min(0, { error: "errors:fields.too_small" })
    .max(100_000_000, { error: "errors:fields.too_big" }),
  interval: z.enum(PLAN_INTERVALS, { error: "errors:fields.invalid_choice" }),
  isB2B: z.boolean().default(false),
  /** Stripe's price id (price_...); required in stripe mode. */
  providerPriceId: z.string().trim().max(255).nullish(),
});
export type CreateProductBody = z.infer<typeof createProductBodySchema>;

/** A product as admins see it. */
export type AdminProduct = SubscriptionProduct & { archived: boolean; createdAt: number };

/** The spec's company for donation. */
export type Charity = { companyId: string; fullName: string };
export const createCharityBodySchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, { error: "errors:fields.required" })
    .max(200, { error: "errors:fields.too_long" }),
});

/** A charity as admins see it, with how many accounts chose it. */
export type AdminCharity = Charity & { archived: boolean; createdAt: number; chosenBy: number };

/** A charity an account chose, named for showing (the account's own page, an admin's view of it). */
export type ChosenCharity = { id: string; name: string };

/** `GET /api/account/donation`: the account's chosen charity, or null before one is chosen or after clearing. */
export type DonationChoice = { charity: ChosenCharity | null };
