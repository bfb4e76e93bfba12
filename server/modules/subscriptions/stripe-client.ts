import type Stripe from "stripe";
import type { BillingConfig } from "../../config.ts";
import { AppError } from "../../errors/app-error.ts";

export type StripeBilling = Extract<BillingConfig, { mode: "stripe" }>;

/**
 * The SDK (the largest library of the server), loaded only when billing is in stripe mode: with
 * billing off it never enters memory. Once loaded, each later import is the same module.
 */
const stripeSdk = async () => (await import("stripe")).default;

/**
 * How long one call to Stripe may wait, and how often it is tried again: together they bound a
 * call, Stripe unreachable, to well under ten seconds (two tries and the SDK's short pause), so
 * the page says so while the person is still looking.
 */
export const STRIPE_PATIENCE = { timeout: 3_000, maxNetworkRetries: 1 } as const;

/**
 * The official SDK with our keys. `api` (STRIPE_API_HOST/PORT/PROTOCOL) points it at another
 * server speaking Stripe's API: the tests' local one (server/testing/stripe-server.ts).
 */
export async function createStripeClient(billing: StripeBilling): Promise<Stripe> {
  const Stripe = await stripeSdk();
  return new Stripe(billing.secretKey, {
    ...(billing.api ?? {}),
    ...STRIPE_PATIENCE,
    appInfo: { name: "Kinfile" },
  });
}

/**
 * Runs one call to Stripe and turns its failures into our errors: a refusal (a declined card, a
 * bad promotion code) is the caller's 400 with Stripe's own words; anything else (network, Stripe
 * down, our keys) is a 502, so a provider problem never reads as our 500.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // A call needs a client, so the SDK is loaded by now.
    const Stripe = await stripeSdk();
    if (
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError
    ) {
      throw new AppError("bad_request", {
        message: "errors:billing.provider_refused",
        params: { reason: error.message },
        cause: error,
      });
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw new AppError("provider_unavailable", { cause: error });
    }
    throw error;
  }
}
