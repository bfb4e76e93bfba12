import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import {
  createStripeProduct,
  makePlatformAdmin,
  rolesOf,
  stripeBilling,
  subscribe,
} from "../../testing/billing.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee } from "../../testing/nominee-reads.ts";
import { type StripeTestServer, startStripeServer } from "../../testing/stripe-server.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * The role gate on every section route, with billing on: a paying subscriber and a voucher
 * holder use every section; a lapsed or never-subscribed account keeps its Personal Network and
 * Shared Data only; a lapsed owner's released nominee still reads what was shared. Roles come
 * from the one module (server/auth/roles.ts), whatever made them.
 */
describe.each(testDialects())("the subscriber gate with billing on, on %s", (dialect) => {
  let stripe: StripeTestServer;
  let test: TestApp;
  let paying: TestUser;
  let voucher: TestUser;
  let lapsed: TestUser;
  let nominee: TestUser;
  let nomineeId: string;
  let passwordId: string;

  const get = (user: TestUser, url: string) => request(test, { method: "GET", url, cookie: user.cookie });

  /** Every section's list route: the GETs of /api/records and /api/documents without an id. */
  function sectionRoutes(): string[] {
    return test.app.routeAccess
      .filter((route) => route.method === "GET" && /^\/api\/(records|documents)\//.test(route.url))
      .map((route) => route.url)
      .filter((url) => !url.includes(":"));
  }

  beforeAll(async () => {
    stripe = await startStripeServer();
    test = await buildTestApp(dialect, { config: { billing: stripeBilling(stripe.api) } });
    const admin = await createSignedInUser(test);
    await makePlatformAdmin(test, admin);
    const product = await createStripeProduct(test, stripe, admin, {
      name: "Plan",
      currency: "usd",
      amount: 500,
      interval: "month",
    });
    const codes = await request(test, {
      method: "POST",
      url: "/api/admin/codes",
      cookie: admin.cookie,
      payload: { kind: "voucher", periodDays: 365 },
    });

    paying = await createSignedInUser(test);
    const { providerId } = await subscribe(test, paying, product);
    stripe.pay(providerId);
    await get(paying, "/api/sbs/");

    voucher = await createSignedInUser(test);
    await request(test, {
      method: "POST",
      url: "/api/sbs/code/activate",
      cookie: voucher.cookie,
      payload: { code: codes.json()[0].code },
    });

    // An owner who filled in a record while subscribed, shared it, then stopped paying.
    lapsed = await createSignedInUser(test);
    await test.database.db
      .insertInto("entitlement")
      .values({ user_id: lapsed.id, subscriber_until: Date.now() + 60_000, updated_at: Date.now() })
      .execute();
    test.auth.sessions.forgetUser(lapsed.id);
    const saved = await request(test, {
      method: "POST",
      url: "/api/records/passwordvault/password",
      cookie: lapsed.cookie,
      payload: { accountNickname: "Bank", password: "hunter2 hunter2" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    passwordId = saved.json();
    await test.database.db
      .updateTable("entitlement")
      .set({ subscriber_until: Date.now() - 1 })
      .where("user_id", "=", lapsed.id)
      .execute();
    test.auth.sessions.forgetUser(lapsed.id);
    nominee = await createSignedInUser(test);
    nomineeId = await insertReleasedNominee(test, lapsed, nominee, { categories: ["password"] });
  });
  afterAll(async () => {
    await test.close();
    await stripe.close();
  });

  it("opens every section route to a paying subscriber and a voucher holder", async () => {
    const routes = sectionRoutes();
    expect(routes.length).toBeGreaterThan(RECORD_MODULES.length);
    for (const user of [paying, voucher]) {
      expect(await rolesOf(test, user)).toContain("subscriber");
      for (const url of routes) expect((await get(user, url)).statusCode, url).toBe(200);
    }
  });

  it("closes every section route to a lapsed account (403) but keeps its file, Personal Network and Shared Data", async () => {
    expect(await rolesOf(test, lapsed)).not.toContain("subscriber");
    for (const url of sectionRoutes()) expect((await get(lapsed, url)).statusCode, url).toBe(403);
    expect((await get(lapsed, "/api/pn/person")).statusCode).toBe(200);
    expect((await get(lapsed, "/api/shared/with-me")).statusCode).toBe(200);
    expect((await get(lapsed, "/api/sbs/")).statusCode).toBe(200);
    const stored = await test.database.db
      .selectFrom("record")
      .select("id")
      .where("id", "=", passwordId)
      .executeTakeFirst();
    expect(stored).toBeDefined();
  });

  it("lets a lapsed owner's released nominee read what was shared, without paying", async () => {
    expect(await rolesOf(test, nominee)).not.toContain("subscriber");
    const shared = await get(nominee, `/api/shared/nominee/${nomineeId}/records/passwordvault/password`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toHaveLength(1);
  });
});
