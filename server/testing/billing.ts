import type { BillingConfig } from "../config.ts";

/**
 * Billing as a paying deployment has it. Without `api` the SDK would reach Stripe itself, so a
 * test that only needs accounts without a subscription (lapsed, never subscribed) passes this
 * and never calls Stripe; a test of payments passes the local Stripe server's address
 * (server/testing/stripe-server.ts).
 */
export function stripeBilling(api?: {
  host: string;
  port: number;
  protocol: "http" | "https";
}): BillingConfig {
  return {
    mode: "stripe",
    secretKey: "sk_test_kinfile",
    publishableKey: "pk_test_kinfile",
    webhookSecret: "whsec_kinfile_test_secret",
    ...(api === undefined ? {} : { api }),
  };
}
