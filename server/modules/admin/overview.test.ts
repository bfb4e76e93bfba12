import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProduct, makePlatformAdmin, stripeBilling } from "../../testing/billing.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { type StripeTestServer, startStripeServer } from "../../testing/stripe-server.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * Billing on with nothing for sale: the admin overview says so (nothingOnSale), and the currencies
 * on sale, which My Subscription offers, are none. A company plan alone sells nothing to a person.
 */
describe.each(testDialects())("what is on sale, on %s", (dialect) => {
  let stripe: StripeTestServer;
  let test: TestApp;
  let off: TestApp;
  let admin: TestUser;
  let offAdmin: TestUser;
  beforeAll(async () => {
    stripe = await startStripeServer();
    test = await buildTestApp(dialect, { config: { billing: stripeBilling(stripe.api) } });
    admin = await createSignedInUser(test);
    await makePlatformAdmin(test, admin);
    off = await buildTestApp(dialect);
    offAdmin = await createSignedInUser(off);
    await makePlatformAdmin(off, offAdmin);
  });
  afterAll(async () => {
    await test.close();
    await off.close();
    await stripe.close();
  });

  const get = (app: TestApp, user: TestUser, url: string) =>
    request(app, { method: "GET", url, cookie: user.cookie });
  const nothingOnSale = async () => (await get(test, admin, "/api/admin/overview")).json().nothingOnSale;
  const currencies = async (b2b: boolean) =>
    (await get(test, admin, `/api/sbs/product/currencies?isB2BProduct=${b2b}`)).json();

  it("flags billing on with no plan a person can buy, until one is on sale", async () => {
    expect(await nothingOnSale()).toBe(true);
    expect(await currencies(false)).toEqual([]);

    await createStripeProduct(test, stripe, admin, {
      name: "Team",
      currency: "eur",
      amount: 500,
      interval: "month",
      isB2B: true,
    });
    expect(await nothingOnSale()).toBe(true);
    expect(await currencies(false)).toEqual([]);
    expect(await currencies(true)).toEqual(["eur"]);

    const family = await createStripeProduct(test, stripe, admin, {
      name: "Family",
      currency: "usd",
      amount: 999,
      interval: "month",
    });
    await createStripeProduct(test, stripe, admin, {
      name: "Famille",
      currency: "cad",
      amount: 999,
      interval: "month",
    });
    expect(await nothingOnSale()).toBe(false);
    expect(await currencies(false)).toEqual(["cad", "usd"]);

    const archived = await request(test, {
      method: "POST",
      url: `/api/admin/products/${family}/archive`,
      cookie: admin.cookie,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await currencies(false)).toEqual(["cad"]);
    const bad = await get(test, admin, "/api/sbs/product/currencies?isB2BProduct=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.isB2BProduct).toBeDefined();
  });

  it("never flags it with billing off, where nothing needs buying", async () => {
    const overview = await get(off, offAdmin, "/api/admin/overview");
    expect(overview.statusCode).toBe(200);
    expect(overview.json().nothingOnSale).toBe(false);
  });
});
