import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProduct, makePlatformAdmin, stripeBilling, subscribe } from "../../testing/billing.ts";
import { createSignedInUser, mailsTo, request, type TestUser } from "../../testing/identity.ts";
import { type StripeTestServer, startStripeServer } from "../../testing/stripe-server.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * Billing self-service with BILLING=stripe: Stripe's customer portal for a subscriber and a
 * company admin, a company's seats changed by its admin, and the renewal My Subscription and /b2b
 * show from what Stripe's webhooks said. The official SDK talks to the local Stripe server.
 */
const SECRET = "whsec_kinfile_test_secret";

describe.each(testDialects())("billing self-service with Stripe on %s", (dialect) => {
  let stripe: StripeTestServer;
  let test: TestApp;
  let admin: TestUser;
  let personal: string;
  let seats: string;

  beforeAll(async () => {
    stripe = await startStripeServer();
    test = await buildTestApp(dialect, { config: { billing: stripeBilling(stripe.api) } });
    admin = await createSignedInUser(test);
    await makePlatformAdmin(test, admin);
    personal = await createStripeProduct(test, stripe, admin, {
      name: "Monthly",
      currency: "cad",
      amount: 999,
      interval: "month",
    });
    seats = await createStripeProduct(test, stripe, admin, {
      name: "Company seat",
      currency: "cad",
      amount: 500,
      interval: "year",
      isB2B: true,
    });
  });
  afterAll(async () => {
    await test.close();
    await stripe.close();
  });

  const call = (user: TestUser | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    request(test, {
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      ...(user === null ? {} : { cookie: user.cookie }),
    });

  async function deliver(type: string, object: object) {
    const { payload, signature } = stripe.event(type, object as Record<string, unknown>, SECRET);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/sbs/webhook/stripe",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A paying subscriber, made active by Stripe's webhook. */
  async function subscriber(): Promise<{ user: TestUser; providerId: string }> {
    const user = await createSignedInUser(test);
    const { providerId } = await subscribe(test, user, personal);
    await deliver("customer.subscription.updated", { ...stripe.subscription(providerId), status: "active" });
    stripe.pay(providerId);
    return { user, providerId };
  }

  /** A company whose founder bought `count` seats, paid. */
  async function company(count: number) {
    const boss = await createSignedInUser(test);
    const created = await call(boss, "POST", "/api/b2b/company", {
      name: "Owls Ltd",
      email: "hr@owls.example",
    });
    expect(created.statusCode, created.body).toBe(200);
    const { providerId } = await subscribe(test, boss, seats, { productsCount: count, isB2B: true });
    stripe.pay(providerId);
    await deliver("customer.subscription.updated", stripe.subscription(providerId));
    return { boss, providerId };
  }

  async function invite(boss: TestUser, email: string) {
    return call(boss, "POST", "/api/b2b/invite", { email, firstName: "Ann", lastName: "Lee" });
  }

  /** Invites someone and lets them take the seat, as the invitation mail's code does. */
  async function join(boss: TestUser): Promise<TestUser> {
    const member = await createSignedInUser(test);
    expect((await invite(boss, member.email)).statusCode).toBe(200);
    const mail = (await mailsTo(test, member.email)).find((row) => row.template === "companyInvitation");
    const code = /([0-9A-Z]{5}-){3}[0-9A-Z]{5}/.exec(mail?.text ?? "")?.[0];
    expect((await call(member, "POST", "/api/b2b/account/activate", { code })).json().status).toBe(true);
    return member;
  }

  describe("the customer portal", () => {
    it("opens Stripe's portal for a subscriber, configured through the API once, back to our page", async () => {
      const { user } = await subscriber();
      const opened = await call(user, "POST", "/api/sbs/portal", {
        returnPath: "/dashboard/manage-account/my-subscription",
      });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.headers["cache-control"]).toBe("no-store");
      const session = stripe.requests.findLast((entry) => entry.path === "/v1/billing_portal/sessions");
      expect(opened.json()).toEqual({ url: session?.answer.url });
      expect(session?.body.return_url).toBe(
        `${test.config.publicUrl}/dashboard/manage-account/my-subscription`,
      );
      const configurations = stripe.requests.filter((entry) =>
        entry.path.startsWith("/v1/billing_portal/configurations"),
      );
      const made = configurations.find((entry) => entry.method === "POST");
      expect(made?.body.features).toMatchObject({
        payment_method_update: { enabled: "true" },
        invoice_history: { enabled: "true" },
        subscription_cancel: { enabled: "true", mode: "at_period_end" },
      });
      expect(session?.body.configuration).toBe(made?.answer.id);

      // The configuration is reused: a second portal asks Stripe only for a session.
      const before = stripe.requests.length;
      expect((await call(user, "POST", "/api/sbs/portal", { returnPath: "/b2b" })).statusCode).toBe(200);
      expect(stripe.requests.slice(before).map((entry) => entry.path)).toEqual([
        "/v1/billing_portal/sessions",
      ]);
    });

    it("refuses a return address that is not a page of this site", async () => {
      const { user } = await subscriber();
      for (const returnPath of [
        "https://evil.example/steal",
        "//evil.example/steal",
        "/\\evil.example",
        "javascript:alert(1)",
        "b2b",
      ]) {
        const refused = await call(user, "POST", "/api/sbs/portal", { returnPath });
        expect(refused.statusCode, returnPath).toBe(400);
        expect(refused.json().error.fields.returnPath).toMatch(/page of this site/);
      }
      const missing = await call(user, "POST", "/api/sbs/portal", {});
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().error.fields)).toEqual(["returnPath"]);
    });

    it("opens the company's billing for its admins only; others get 401 or 404", async () => {
      const { boss } = await company(3);
      const member = await join(boss);
      const opened = await call(boss, "POST", "/api/sbs/portal", { returnPath: "/b2b", for: "company" });
      expect(opened.statusCode, opened.body).toBe(200);
      const customer = await test.database.db
        .selectFrom("billing_customer")
        .select("provider_customer_id")
        .where("user_id", "=", boss.id)
        .executeTakeFirstOrThrow();
      expect(
        stripe.requests.findLast((entry) => entry.path === "/v1/billing_portal/sessions")?.body.customer,
      ).toBe(customer.provider_customer_id);

      // A plain member, someone outside the company, and no one signed in.
      expect(
        (await call(member, "POST", "/api/sbs/portal", { returnPath: "/b2b", for: "company" })).statusCode,
      ).toBe(404);
      expect((await call(member, "POST", "/api/sbs/portal", { returnPath: "/b2b" })).statusCode).toBe(404);
      const stranger = await createSignedInUser(test);
      expect(
        (await call(stranger, "POST", "/api/sbs/portal", { returnPath: "/b2b", for: "company" })).statusCode,
      ).toBe(404);
      expect((await call(stranger, "POST", "/api/sbs/portal", { returnPath: "/b2b" })).statusCode).toBe(404);
      expect((await call(null, "POST", "/api/sbs/portal", { returnPath: "/b2b" })).statusCode).toBe(401);
    });

    it("answers 502 in the error shape within ten seconds while Stripe does not answer", async () => {
      const { user } = await subscriber();
      stripe.setReachable(false);
      try {
        const started = Date.now();
        const failed = await call(user, "POST", "/api/sbs/portal", { returnPath: "/b2b" });
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(failed.statusCode).toBe(502);
        expect(failed.json()).toMatchObject({ error: { code: "provider_unavailable" } });
        expect(failed.json().error.message).toMatch(/payment service/i);
      } finally {
        stripe.setReachable(true);
      }
      expect((await call(user, "POST", "/api/sbs/portal", { returnPath: "/b2b" })).statusCode).toBe(200);
    }, 20_000);
  });

  describe("a company's seats", () => {
    it("adds seats at once with an invoice for the rest of the period, audited", async () => {
      const { boss, providerId } = await company(1);
      const refused = await invite(boss, "new@owls.example");
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: "conflict", seatsMissing: 1 });
      expect(refused.json().error.message).toMatch(/1 more needed/);

      const changed = await call(boss, "PUT", "/api/b2b/company/seats", { seats: 3 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().seats).toEqual({ used: 1, bought: 3 });
      const update = stripe.requests.findLast(
        (entry) => entry.method === "POST" && entry.path === `/v1/subscriptions/${providerId}`,
      );
      expect(update?.body).toMatchObject({
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
        items: [{ quantity: "3" }],
      });
      expect(stripe.subscription(providerId)).toMatchObject({ items: { data: [{ quantity: 3 }] } });
      expect((await invite(boss, "new@owls.example")).statusCode).toBe(200);

      const entry = await test.database.db
        .selectFrom("audit_entry")
        .selectAll()
        .where("actor_id", "=", boss.id)
        .where("action", "=", "company.seats")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.detail ?? "{}")).toEqual({ from: 1, to: 3 });
    });

    it("takes seats away with a credit, never below the seats held, naming the field and the count", async () => {
      const { boss, providerId } = await company(4);
      await join(boss);
      expect((await invite(boss, "pending@owls.example")).statusCode).toBe(200);
      const refused = await call(boss, "PUT", "/api/b2b/company/seats", { seats: 2 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.seats).toMatch(/hold 3 seats/);

      const changed = await call(boss, "PUT", "/api/b2b/company/seats", { seats: 3 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().seats).toEqual({ used: 3, bought: 3 });
      expect(
        stripe.requests.findLast((entry) => entry.path === `/v1/subscriptions/${providerId}`)?.body
          .proration_behavior,
      ).toBe("create_prorations");
      for (const bad of [0, 1.5, "two"]) {
        const invalid = await call(boss, "PUT", "/api/b2b/company/seats", { seats: bad });
        expect(invalid.statusCode).toBe(400);
        expect(Object.keys(invalid.json().error.fields)).toEqual(["seats"]);
      }
    });

    it("is for the company's admins only", async () => {
      const { boss } = await company(3);
      const member = await join(boss);
      expect((await call(member, "PUT", "/api/b2b/company/seats", { seats: 5 })).statusCode).toBe(404);
      const stranger = await createSignedInUser(test);
      expect((await call(stranger, "PUT", "/api/b2b/company/seats", { seats: 5 })).statusCode).toBe(404);
      // Company-admin calls do not exist for anyone else, signed in or not.
      expect((await call(null, "PUT", "/api/b2b/company/seats", { seats: 5 })).statusCode).toBe(404);
    });
  });

  it("shows the next renewal and its amount, and the cancellation, as Stripe's webhooks said", async () => {
    const { user, providerId } = await subscriber();
    const end = Number(
      (stripe.subscription(providerId).items as { data: { current_period_end: number }[] }).data[0]
        ?.current_period_end,
    );
    await deliver("customer.subscription.updated", stripe.subscription(providerId));
    const [current] = (await call(user, "GET", "/api/sbs/")).json();
    expect(current).toMatchObject({
      status: "active",
      currentPeriodEnd: end * 1000,
      cancelAtPeriodEnd: false,
      renewal: { amount: 999, currency: "cad", interval: "month" },
    });

    // Cancelled in Stripe's portal: the webhook says so, and the page says when it ends.
    await deliver(
      "customer.subscription.updated",
      stripe.setSubscription(providerId, { cancel_at_period_end: true }),
    );
    expect((await call(user, "GET", "/api/sbs/")).json()[0]).toMatchObject({ cancelAtPeriodEnd: true });

    // A company's renewal bills every seat.
    const { boss } = await company(4);
    expect((await call(boss, "GET", "/api/b2b/company")).json().subscription).toMatchObject({
      quantity: 4,
      renewal: { amount: 2000, currency: "cad", interval: "year" },
    });
  });
});

describe("billing self-service with billing off", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp("sqlite");
  });
  afterAll(async () => test.close());

  it("has no portal and no seats to buy", async () => {
    const user = await createSignedInUser(test);
    const portal = await request(test, {
      method: "POST",
      url: "/api/sbs/portal",
      cookie: user.cookie,
      payload: { returnPath: "/b2b" },
    });
    expect(portal.statusCode).toBe(409);
    expect(portal.json().error.code).toBe("conflict");
  });
});
