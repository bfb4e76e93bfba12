import { expect } from "vitest";
import type { BillingConfig } from "../config.ts";
import { request, type TestUser } from "./identity.ts";
import type { StripeTestServer } from "./stripe-server.ts";
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
  await test.auth.sessions.forgetUser(user.id);
}

/** The roles the account answer carries, as the app reads them. */
export async function rolesOf(test: TestApp, user: TestUser): Promise<string[]> {
  const response = await request(test, { method: "GET", url: "/api/account/account", cookie: user.cookie });
  return response.json().roles;
}

/** A plan a platform admin creates on a price of the local Stripe server: the product's id. */
export async function createStripeProduct(
  test: TestApp,
  stripe: StripeTestServer,
  admin: TestUser,
  plan: { name: string; currency: string; amount: number; interval: "month" | "year"; isB2B?: boolean },
): Promise<string> {
  const providerPriceId = stripe.addPrice({
    currency: plan.currency,
    amount: plan.amount,
    interval: plan.interval,
  });
  const product = await request(test, {
    method: "POST",
    url: "/api/admin/products",
    cookie: admin.cookie,
    payload: { ...plan, providerPriceId },
  });
  expect(product.statusCode, product.body).toBe(200);
  return product.json().id;
}

/**
 * Subscribes as the Payment Element would, before paying (one seat unless `body` says otherwise):
 * Kinfile's subscription id, Stripe's, and the answer.
 */
export async function subscribe(test: TestApp, user: TestUser, productId: string, body: object = {}) {
  const response = await request(test, {
    method: "POST",
    url: `/api/sbs/subscribe/${productId}`,
    cookie: user.cookie,
    payload: { productsCount: 1, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  const row = await test.database.db
    .selectFrom("subscription")
    .select(["id", "provider_subscription_id"])
    .where("id", "=", response.json().subscriptionId)
    .executeTakeFirstOrThrow();
  return { id: row.id, providerId: row.provider_subscription_id as string, result: response.json() };
}
