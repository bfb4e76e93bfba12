import type Stripe from "stripe";
import type { PortalBody, PortalSession } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { administeredCompany } from "../companies/index.ts";
import { subscriptionRepository } from "./repository.ts";
import { callStripe } from "./stripe-client.ts";

/**
 * Stripe's customer portal: the card, the invoices and receipts, and cancelling at period end, run
 * by Stripe for the account's own plan or, for a company admin, the company's. The portal's
 * features are set here through the API (never by hand in Stripe's dashboard): the configuration
 * Kinfile made is found by its metadata, brought up to date once per process, and reused.
 */

const CONFIGURATION_TAG = { kinfile: "customer-portal" };

const FEATURES: Stripe.BillingPortal.ConfigurationCreateParams.Features = {
  payment_method_update: { enabled: true },
  invoice_history: { enabled: true },
  subscription_cancel: { enabled: true, mode: "at_period_end" },
  customer_update: { enabled: false },
  subscription_update: { enabled: false },
};

/**
 * The page to come back to, as a URL of our own origin: only a path is accepted (not `//host`,
 * not a backslash a browser reads as a slash), so the portal can never send anyone elsewhere.
 */
export function returnUrlOf(publicUrl: string, returnPath: string): string {
  const own = new URL(publicUrl);
  const refused = new AppError("validation_failed", { fields: { returnPath: "errors:billing.return_path" } });
  if (!returnPath.startsWith("/") || returnPath.startsWith("//") || /[\\\s]/.test(returnPath)) throw refused;
  const url = new URL(returnPath, own);
  if (url.origin !== own.origin) throw refused;
  return url.toString();
}

export function createPortal(deps: { database: Database; stripe: Stripe | null; publicUrl: string }) {
  const db = deps.database.db;
  let configuration: Promise<string> | null = null;

  async function ensureConfiguration(stripe: Stripe): Promise<string> {
    const existing = await callStripe(() =>
      stripe.billingPortal.configurations.list({ active: true, limit: 100 }),
    );
    const ours = existing.data.find((item) => item.metadata?.kinfile === CONFIGURATION_TAG.kinfile);
    if (ours !== undefined) {
      await callStripe(() => stripe.billingPortal.configurations.update(ours.id, { features: FEATURES }));
      return ours.id;
    }
    const made = await callStripe(() =>
      stripe.billingPortal.configurations.create({
        name: "Kinfile",
        features: FEATURES,
        metadata: CONFIGURATION_TAG,
      }),
    );
    return made.id;
  }

  /** The configuration's id, asked of Stripe once; a failed attempt is forgotten so the next try asks again. */
  function configurationId(stripe: Stripe): Promise<string> {
    configuration ??= ensureConfiguration(stripe).catch((error: unknown) => {
      configuration = null;
      throw error;
    });
    return configuration;
  }

  /** The Stripe customer whose billing the actor may run, or 404. */
  async function customerFor(actor: Actor, whose: PortalBody["for"]): Promise<string> {
    let payer = actor.userId;
    if (whose === "company") {
      const company = await administeredCompany(db, actor.userId);
      if (company === undefined) throw new AppError("not_found");
      payer = company.billing_user_id;
    }
    const customer = await subscriptionRepository(db).customerId(payer);
    if (customer === null) throw new AppError("not_found");
    return customer;
  }

  return {
    async open(actor: Actor, body: PortalBody): Promise<PortalSession> {
      const stripe = deps.stripe;
      if (stripe === null) throw new AppError("conflict", { message: "errors:billing.billing_off" });
      const returnUrl = returnUrlOf(deps.publicUrl, body.returnPath);
      const customer = await customerFor(actor, body.for);
      const config = await configurationId(stripe);
      const session = await callStripe(() =>
        stripe.billingPortal.sessions.create({ customer, configuration: config, return_url: returnUrl }),
      );
      return { url: session.url };
    },
  };
}

export type Portal = ReturnType<typeof createPortal>;
