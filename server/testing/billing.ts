import type { BillingConfig } from "../config.ts";
import { request, type TestUser } from "./identity.ts";
import type { TestApp } from "./test-app.ts";

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

/** Makes an account a platform admin, as `kinfile create-user --admin` does, and drops its cached session. */
export async function makePlatformAdmin(test: TestApp, user: TestUser): Promise<void> {
  await test.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", user.id).execute();
  test.auth.sessions.forgetUser(user.id);
}

/** The roles the account answer carries, as the app reads them. */
export async function rolesOf(test: TestApp, user: TestUser): Promise<string[]> {
  const response = await request(test, { method: "GET", url: "/api/account/account", cookie: user.cookie });
  return response.json().roles;
}
