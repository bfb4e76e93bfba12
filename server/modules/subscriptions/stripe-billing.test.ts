import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makePlatformAdmin, rolesOf, stripeBilling, subscribe } from "../../testing/billing.ts";
import {
  callsAs,
  createSignedInUser,
  mailsTo,
  request,
  TEST_PASSWORD,
  type TestUser,
} from "../../testing/identity.ts";
import { type StripeTestServer, startStripeServer } from "../../testing/stripe-server.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { CODE_ATTEMPTS } from "./codes.ts";
import { RENEWAL_NOTICE_MS } from "./renewal.ts";

/**
 * BILLING=stripe, with the official SDK talking to a local server that speaks Stripe's endpoints
 * (server/testing/stripe-server.ts) and webhooks signed by the SDK's test-header helper. Only
 * Stripe's word makes a subscription active; the role follows within the request that learns it.
 */
const SECRET = "whsec_kinfile_test_secret";
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())("billing with Stripe on %s", (dialect) => {
  let now = Date.UTC(2026, 10, 25, 9, 0);
  let stripe: StripeTestServer;
  let test: TestApp;
  let admin: TestUser;
  let monthly: string;
  let yearly: string;
  let monthlyPrice: string;
  /** The app's log lines at warn and above. */
  const warnings: string[] = [];
  beforeAll(async () => {
    stripe = await startStripeServer({ now: () => now });
    test = await buildTestApp(dialect, {
      config: { billing: stripeBilling(stripe.api) },
      clock: () => now,
      logger: { level: "warn", stream: { write: (line: string) => warnings.push(line) } },
    });
    admin = await createSignedInUser(test);
    await makePlatformAdmin(test, admin);
    monthlyPrice = stripe.addPrice({ currency: "cad", amount: 999, interval: "month" });
    const yearlyPrice = stripe.addPrice({ currency: "cad", amount: 9900, interval: "year" });
    monthly = await createProduct({
      name: "Monthly",
      amount: 999,
      interval: "month",
      providerPriceId: monthlyPrice,
    });
    yearly = await createProduct({
      name: "Yearly",
      amount: 9900,
      interval: "year",
      providerPriceId: yearlyPrice,
    });
  });
  afterAll(async () => {
    await test.close();
    await stripe.close();
  });

  const as = (user: TestUser | null) => callsAs(test, user);

  async function createProduct(body: object): Promise<string> {
    const response = await as(admin).post("/api/admin/products", { currency: "cad", ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id;
  }

  async function deliver(
    type: string,
    object: object,
    options: { created?: number; id?: string; signedAt?: number } = {},
  ) {
    const { payload, signature } = stripe.event(type, object as Record<string, unknown>, SECRET, options);
    return test.app.inject({
      method: "POST",
      url: "/api/sbs/webhook/stripe",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
  }

  /** Subscribes and pays as the Payment Element would; answers Kinfile's and Stripe's ids. */
  const subscribed = (user: TestUser, productId = monthly, body: object = {}) =>
    subscribe(test, user, productId, body);

  describe("plans and charities", () => {
    it("lets an account not yet paying choose and clear a charity; admins see its plan and choice", async () => {
      const lee = await createSignedInUser(test);
      expect(await rolesOf(test, lee)).not.toContain("subscriber");
      const charity = (await as(admin).post("/api/admin/charities", { fullName: "Owl Watch" })).json();
      const chosen = await as(lee).post(`/api/account/donateTo/?companyId=${charity.companyId}`);
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect((await as(lee).get("/api/account/donation")).json()).toEqual({
        charity: { id: charity.companyId, name: "Owl Watch" },
      });
      await subscribe(test, lee, monthly);
      const detail = (await as(admin).get(`/api/admin/users/${lee.id}`)).json();
      expect(detail.subscription).toEqual({
        product: "Monthly",
        status: "incomplete",
        currentPeriodEnd: expect.any(Number),
        cancelAtPeriodEnd: false,
      });
      expect(detail.donation).toEqual({ id: charity.companyId, name: "Owl Watch" });
      expect((await as(lee).delete("/api/account/donation")).json()).toEqual({ charity: null });
      expect((await as(admin).get(`/api/admin/users/${lee.id}`)).json().donation).toBeNull();
    });

    it("checks an admin's product against its Stripe price", async () => {
      const mismatch = await as(admin).post("/api/admin/products", {
        name: "Wrong",
        currency: "cad",
        amount: 1999,
        interval: "month",
        providerPriceId: monthlyPrice,
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.fields.providerPriceId).toMatch(/does not match/);
      const missing = await as(admin).post("/api/admin/products", {
        name: "No price",
        currency: "cad",
        amount: 999,
        interval: "month",
      });
      expect(missing.json().error.fields.providerPriceId).toBeDefined();
      const unknown = await as(admin).post("/api/admin/products", {
        name: "Unknown",
        currency: "cad",
        amount: 999,
        interval: "month",
        providerPriceId: "price_nope",
      });
      expect(unknown.statusCode).toBe(400);
      const settings = await as(admin).get("/api/sbs/settings");
      expect(settings.json()).toEqual({ mode: "stripe", publishableKey: "pk_test_kinfile" });
      // Stripe.js and its frames are allowed by the page's policy in this mode only.
      expect(settings.headers["content-security-policy"]).toMatch(
        /script-src 'self' https:\/\/js\.stripe\.com/,
      );
      expect(settings.headers["content-security-policy"]).toMatch(
        /frame-src [^;]*https:\/\/hooks\.stripe\.com/,
      );
    });
  });

  describe("subscribing", () => {
    it("subscribes incomplete, and only Stripe's word (a re-read) makes it active and the account a subscriber", async () => {
      const ann = await createSignedInUser(test, { lang: "fr" });
      expect(await rolesOf(test, ann)).not.toContain("subscriber");
      expect((await as(ann).get("/api/records/passwordvault/password")).statusCode).toBe(403);
      expect((await as(ann).get("/api/sbs/bt/card")).json()).toBeNull();

      const { id, providerId, result } = await subscribed(ann);
      expect(result.status).toBe("incomplete");
      expect(result.clientSecret).toMatch(/^pi_.+_secret_/);
      const created = stripe.requests.find(
        (entry) => entry.method === "POST" && entry.path === "/v1/subscriptions",
      );
      expect(created?.body).toMatchObject({
        payment_behavior: "default_incomplete",
        items: [{ price: monthlyPrice, quantity: "1" }],
        expand: ["latest_invoice.confirmation_secret"],
      });
      expect(await rolesOf(test, ann)).not.toContain("subscriber");
      // The browser saying it paid changes nothing: there is no such call.
      expect((await as(ann).get("/api/sbs/")).json()[0]).toMatchObject({ id, status: "incomplete" });

      stripe.pay(providerId);
      const list = (await as(ann).get("/api/sbs/")).json();
      expect(list[0]).toMatchObject({
        id,
        status: "active",
        provider: "stripe",
        product: { id: monthly, name: "Monthly", amount: 999, interval: "month" },
        cancelAtPeriodEnd: false,
      });
      expect(list[0].currentPeriodEnd).toBeGreaterThan(now);
      expect(await rolesOf(test, ann)).toContain("subscriber");
      expect((await as(ann).get("/api/records/passwordvault/password")).statusCode).toBe(200);
      const started = (await mailsTo(test, ann.email)).filter(
        (mail) => mail.template === "subscriptionStarted",
      );
      expect(started).toHaveLength(1);
      expect(started[0]?.subject).toBe("Votre abonnement Kinfile a commencé");

      // The webhook arriving after the re-read changes nothing and mails nothing more.
      const event = await deliver("customer.subscription.updated", stripe.subscription(providerId), {
        created: Math.floor(now / 1000) - 5,
      });
      expect(event.statusCode).toBe(200);
      expect(
        (await mailsTo(test, ann.email)).filter((mail) => mail.template === "subscriptionStarted"),
      ).toHaveLength(1);

      expect((await as(ann).get("/api/sbs/bt/card")).json()).toEqual({
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: 2030,
      });
      const again = await as(ann).post(`/api/sbs/subscribe/${yearly}`, { productsCount: 1 });
      expect(again.statusCode).toBe(409);
    });

    it("refuses a bad subscribe: unknown or archived product, seats on an individual plan", async () => {
      const bob = await createSignedInUser(test);
      expect((await as(bob).post("/api/sbs/subscribe/nope", { productsCount: 1 })).statusCode).toBe(404);
      const seats = await as(bob).post(`/api/sbs/subscribe/${monthly}`, { productsCount: 3 });
      expect(seats.statusCode).toBe(400);
      expect(seats.json().error.fields.productsCount).toBeDefined();
      const b2b = await as(bob).post(`/api/sbs/subscribe/${monthly}`, { productsCount: 1, isB2B: true });
      expect(b2b.json().error.fields.isB2B).toBeDefined();
      const typed = await as(bob).post(`/api/sbs/subscribe/${monthly}`, { productsCount: "1" });
      expect(typed.json().error.fields.productsCount).toBeDefined();
    });

    it("cancels at period end with undo, changes plan with proration, and mails the cancellation", async () => {
      const cat = await createSignedInUser(test);
      const { id, providerId } = await subscribed(cat);
      stripe.pay(providerId);
      await as(cat).get("/api/sbs/");

      const dan = await createSignedInUser(test);
      expect((await as(dan).delete(`/api/sbs/cancel/${id}`)).statusCode).toBe(404);
      expect((await as(dan).post(`/api/sbs/change/${id}/${yearly}`, { productsCount: 1 })).statusCode).toBe(
        404,
      );

      const cancelled = await as(cat).delete(`/api/sbs/cancel/${cat.email}/${id}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ id, status: "active", cancelAtPeriodEnd: true });
      expect(stripe.subscription(providerId).cancel_at_period_end).toBe(true);
      expect(await rolesOf(test, cat)).toContain("subscriber");
      expect((await mailsTo(test, cat.email)).map((mail) => mail.template)).toContain(
        "cancellationConfirmed",
      );

      const resumed = await as(cat).post(`/api/sbs/resume/${id}`);
      expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false });
      expect((await as(cat).post(`/api/sbs/resume/${id}`)).statusCode).toBe(409);

      const changed = await as(cat).post(`/api/sbs/change/${id}/${yearly}`, { productsCount: 1 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().product).toMatchObject({ id: yearly, interval: "year" });
      const update = stripe.requests
        .filter((entry) => entry.path === `/v1/subscriptions/${providerId}`)
        .at(-1);
      expect(update?.body).toMatchObject({ proration_behavior: "create_prorations" });
    });

    it("replaces the card through a SetupIntent, only once Stripe says it succeeded", async () => {
      const eve = await createSignedInUser(test);
      expect((await as(eve).post("/api/sbs/bt/card")).statusCode).toBe(409);
      const { providerId } = await subscribed(eve);
      stripe.pay(providerId);
      await as(eve).get("/api/sbs/");
      const setup = await as(eve).post("/api/sbs/bt/card");
      expect(setup.json().clientSecret).toMatch(/^seti_secret_/);
      const intent = stripe.requests.filter((entry) => entry.path === "/v1/setup_intents").at(-1);
      const setupIntentId = String(intent?.answer.id);
      expect((await as(eve).post("/api/sbs/bt/card/default", { setupIntentId })).statusCode).toBe(409);

      stripe.confirmSetup(setupIntentId, { brand: "mastercard", last4: "4444", expMonth: 3, expYear: 2031 });
      const replaced = await as(eve).post("/api/sbs/bt/card/default", { setupIntentId });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toEqual({ brand: "mastercard", last4: "4444", expMonth: 3, expYear: 2031 });
      expect((await as(eve).get("/api/sbs/bt/card")).json().last4).toBe("4444");
      expect(stripe.subscription(providerId).default_payment_method).toMatch(/^pm_/);

      // Another account's SetupIntent is not one to use.
      const zed = await createSignedInUser(test);
      const other = await subscribed(zed);
      stripe.pay(other.providerId);
      expect((await as(zed).post("/api/sbs/bt/card/default", { setupIntentId })).statusCode).toBe(404);
    });
  });

  describe("webhooks", () => {
    it("applies webhooks once, in the order Stripe made them, and refuses a bad signature", async () => {
      const fay = await createSignedInUser(test);
      const { id, providerId } = await subscribed(fay);
      const forged = await test.app.inject({
        method: "POST",
        url: "/api/sbs/webhook/stripe",
        payload: JSON.stringify({ id: "evt_forged", type: "customer.subscription.updated" }),
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.code).toBe("invalid_signature");

      const t = Math.floor(now / 1000) + 100;
      const active = { ...stripe.subscription(providerId), status: "active" };
      expect(
        (await deliver("customer.subscription.created", active, { created: t, id: "evt_created" }))
          .statusCode,
      ).toBe(200);
      expect(await rolesOf(test, fay)).toContain("subscriber");

      // Deleted, then an older update arriving late: the older one changes nothing.
      await deliver("customer.subscription.deleted", { ...active, status: "canceled" }, { created: t + 20 });
      await deliver("customer.subscription.updated", { ...active, status: "past_due" }, { created: t + 10 });
      const row = await test.database.db
        .selectFrom("subscription")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("canceled");
      expect(await rolesOf(test, fay)).not.toContain("subscriber");
      // A lapsed account keeps everything: only the sections close.
      expect((await as(fay).get("/api/pn/person")).statusCode).toBe(200);

      // The same event delivered again does nothing, even though its facts would be new.
      const redelivered = await deliver(
        "customer.subscription.created",
        { ...active, status: "active" },
        { created: t + 30, id: "evt_created" },
      );
      expect(redelivered.statusCode).toBe(200);
      const after = await test.database.db
        .selectFrom("subscription")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe("canceled");
    });

    it("refuses a webhook signed outside the SDK's tolerance, ahead or behind, and words a bad signature as the webhook's", async () => {
      const hal = await createSignedInUser(test);
      const { id, providerId } = await subscribed(hal);
      const active = { ...stripe.subscription(providerId), status: "active" };
      const nowSeconds = Math.floor(now / 1000);
      const statusOf = async () =>
        (
          await test.database.db
            .selectFrom("subscription")
            .select("status")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).status;

      for (const signedAt of [nowSeconds + 3600, nowSeconds + 301, nowSeconds - 301]) {
        const refused = await deliver("customer.subscription.updated", active, { signedAt });
        expect(refused.statusCode, `signed at now ${signedAt - nowSeconds} s`).toBe(400);
        expect(refused.json().error).toEqual({
          code: "invalid_signature",
          message: "The webhook's signature is outside the accepted time window.",
        });
      }
      expect(await statusOf()).toBe("incomplete");
      expect(await rolesOf(test, hal)).not.toContain("subscriber");

      // A clock a little behind or ahead of Stripe's, within the tolerance, is fine.
      const ahead = await deliver("customer.subscription.updated", active, { signedAt: nowSeconds + 240 });
      expect(ahead.statusCode, ahead.body).toBe(200);
      const behind = await deliver(
        "customer.subscription.updated",
        { ...active, cancel_at_period_end: true },
        { signedAt: nowSeconds - 240, created: nowSeconds + 1 },
      );
      expect(behind.statusCode, behind.body).toBe(200);
      expect(await statusOf()).toBe("active");
      expect(await rolesOf(test, hal)).toContain("subscriber");

      const { payload } = stripe.event("customer.subscription.updated", active, SECRET);
      const forged = (language: string) =>
        test.app.inject({
          method: "POST",
          url: "/api/sbs/webhook/stripe",
          payload,
          headers: {
            "content-type": "application/json",
            "stripe-signature": `t=${nowSeconds},v1=${"0".repeat(64)}`,
            "accept-language": language,
          },
        });
      const english = await forged("en");
      expect(english.statusCode).toBe(400);
      expect(english.json().error).toEqual({
        code: "invalid_signature",
        message: "The webhook's signature is not valid.",
      });
      expect((await forged("fr")).json().error.message).toBe("La signature du webhook n’est pas valide.");
    });

    it("answers an event it cannot read with a 4xx naming the event in the log, and ignores an unknown type", async () => {
      const ida = await createSignedInUser(test);
      const { providerId } = await subscribed(ida);
      const withoutItems = Object.fromEntries(
        Object.entries({ ...stripe.subscription(providerId), status: "active" }).filter(
          ([key]) => key !== "items",
        ),
      );
      warnings.length = 0;
      const unreadable = await deliver("customer.subscription.updated", withoutItems, { id: "evt_no_items" });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json().error).toEqual({
        code: "bad_request",
        message: "The webhook's event is not one Kinfile can read.",
      });
      const logged = warnings.map((line) => JSON.parse(line)).find((line) => line.eventId === "evt_no_items");
      expect(logged).toMatchObject({
        level: 40,
        eventType: "customer.subscription.updated",
        fields: ["items"],
      });
      expect(await rolesOf(test, ida)).not.toContain("subscriber");
      const unpaid = await deliver(
        "invoice.payment_failed",
        { id: "in_nothing", customer: null },
        { id: "evt_bad_invoice" },
      );
      expect(unpaid.statusCode).toBe(400);
      expect(warnings.some((line) => JSON.parse(line).eventId === "evt_bad_invoice")).toBe(true);

      // Stripe sends types Kinfile does not act on: taken with a 2xx, so it stops sending them.
      const unknown = await deliver("customer.tax_id.created", { id: "txi_1" }, { id: "evt_unknown" });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ received: true });
    });
  });

  describe("invoices, renewals and account deletion", () => {
    it("records invoices, mails a failed payment with the card link, and keeps access while past due", async () => {
      const gus = await createSignedInUser(test);
      const { providerId } = await subscribed(gus);
      const paid = stripe.pay(providerId);
      expect((await deliver("invoice.paid", paid)).statusCode).toBe(200);
      const invoices = (await as(gus).get("/api/sbs/invoices")).json();
      expect(invoices).toEqual([
        expect.objectContaining({
          id: paid.id,
          amount: 999,
          currency: "cad",
          status: "paid",
          hostedInvoiceUrl: paid.hosted_invoice_url,
        }),
      ]);

      stripe.setSubscription(providerId, { status: "past_due" });
      const failed = stripe.invoiceFor(providerId, { billing_reason: "subscription_cycle" });
      expect((await deliver("invoice.payment_failed", failed)).statusCode).toBe(200);
      const mail = (await mailsTo(test, gus.email)).find((entry) => entry.template === "paymentFailed");
      expect(mail?.text).toContain("/dashboard/manage-account/my-subscription");
      expect(mail?.text).toContain("9.99");
      expect(await rolesOf(test, gus)).toContain("subscriber");
      expect((await as(gus).get("/api/sbs/invoices")).json()).toHaveLength(2);
      expect((await as(gus).get("/api/sbs/")).json()[0].status).toBe("past_due");
    });

    it("reminds 7 days before a yearly renewal, once", async () => {
      const hal = await createSignedInUser(test);
      const { providerId } = await subscribed(hal, yearly);
      stripe.pay(providerId);
      await as(hal).get("/api/sbs/");
      const job = await test.database.db
        .selectFrom("job")
        .selectAll()
        .where("kind", "=", "billing.renewal-reminder")
        .where(
          "payload",
          "like",
          `%${(await test.database.db.selectFrom("subscription").select("id").where("provider_subscription_id", "=", providerId).executeTakeFirstOrThrow()).id}%`,
        )
        .executeTakeFirstOrThrow();
      const periodEnd = JSON.parse(job.payload).periodEnd as number;
      expect(job.run_at).toBe(periodEnd - RENEWAL_NOTICE_MS);
      now = job.run_at + 1;
      // Every job due by then, however many batches the earlier tests' mail makes.
      while ((await test.jobs.runDue()).done > 0) {
        // Next batch.
      }
      const reminders = (await mailsTo(test, hal.email)).filter(
        (mail) => mail.template === "renewalReminder",
      );
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.subject).toContain("renews on");
      now = Date.UTC(2026, 10, 25, 9, 0);
    });

    it("cancels the Stripe subscription at once and removes billing rows when the account is deleted", async () => {
      const ola = await createSignedInUser(test);
      const { providerId } = await subscribed(ola);
      stripe.pay(providerId);
      await as(ola).get("/api/sbs/");
      const deleted = await request(test, {
        method: "DELETE",
        url: "/api/account",
        cookie: ola.cookie,
        payload: { password: TEST_PASSWORD, confirmation: "DELETE" },
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(stripe.subscription(providerId).status).toBe("canceled");
      for (const table of ["subscription", "billing_customer", "entitlement"] as const) {
        const left = await test.database.db
          .selectFrom(table)
          .select("user_id")
          .where("user_id", "=", ola.id)
          .execute();
        expect(left, table).toEqual([]);
      }
    });
  });

  describe("a company's seats", () => {
    it("pays for a company's seats with a B2B plan: members hold b2b while it runs, and lose it when it ends", async () => {
      const seatPrice = stripe.addPrice({ currency: "cad", amount: 500, interval: "month" });
      const seatsProduct = await createProduct({
        name: "Company seat",
        amount: 500,
        interval: "month",
        isB2B: true,
        providerPriceId: seatPrice,
      });
      const boss = await createSignedInUser(test);
      expect(
        (await as(boss).post("/api/b2b/company", { name: "Seats Inc", email: "hr@seats.example" }))
          .statusCode,
      ).toBe(200);
      // No plan yet: one seat used (the founder), none bought, and the founder holds no b2b.
      expect((await as(boss).get("/api/b2b/company")).json().seats).toEqual({ used: 1, bought: 0 });
      expect(await rolesOf(test, boss)).not.toContain("b2b");
      const refused = await as(boss).post("/api/b2b/invite", {
        email: "x@seats.example",
        firstName: "X",
        lastName: "Y",
      });
      expect(refused.statusCode).toBe(409);

      const { providerId } = await subscribed(boss, seatsProduct, { productsCount: 3, isB2B: true });
      stripe.pay(providerId);
      await as(boss).get("/api/sbs/");
      const company = (await as(boss).get("/api/b2b/company")).json();
      expect(company.seats).toEqual({ used: 1, bought: 3 });
      expect(company.subscription).toMatchObject({ status: "active", quantity: 3 });
      expect(await rolesOf(test, boss)).toEqual(expect.arrayContaining(["b2b", "companyAdmin"]));
      // The company plan opens the sections as a company seat, not as a personal subscription.
      expect(await rolesOf(test, boss)).not.toContain("subscriber");

      const staff = await createSignedInUser(test);
      expect(
        (await as(boss).post("/api/b2b/invite", { email: staff.email, firstName: "S", lastName: "T" }))
          .statusCode,
      ).toBe(200);
      const code = /([0-9A-Z]{5}-){3}[0-9A-Z]{5}/.exec(
        (await mailsTo(test, staff.email)).filter((mail) => mail.template === "companyInvitation").at(-1)
          ?.text ?? "",
      )?.[0];
      expect((await as(staff).post("/api/b2b/account/activate", { code })).json()).toEqual({
        type: "b2b",
        status: true,
      });
      expect(await rolesOf(test, staff)).toContain("b2b");
      expect((await as(staff).get("/api/records/passwordvault/password")).statusCode).toBe(200);

      const overview = (await as(admin).get("/api/admin/overview")).json();
      expect(overview.subscriptions).toEqual(
        expect.arrayContaining([
          { currency: "cad", plan: "Company seat", interval: "month", count: 1, seats: 3 },
        ]),
      );
      expect(
        overview.monthlyRecurringRevenue.find((row: { currency: string }) => row.currency === "cad").amount,
      ).toBeGreaterThanOrEqual(1500);
      expect(overview.companies).toBeGreaterThanOrEqual(1);
      expect(overview.weeks).toHaveLength(12);
      expect(overview.weeks.at(-1).signUps).toBeGreaterThan(0);
      expect((await as(staff).get("/api/admin/overview")).statusCode).toBe(404);

      // The plan ends: every member's b2b role goes with it, at once.
      const ended = stripe.setSubscription(providerId, { status: "canceled" });
      expect((await deliver("customer.subscription.deleted", ended)).statusCode).toBe(200);
      expect(await rolesOf(test, staff)).not.toContain("b2b");
      expect(await rolesOf(test, boss)).not.toContain("b2b");
      expect((await as(staff).get("/api/records/passwordvault/password")).statusCode).toBe(403);
      expect((await as(boss).get("/api/b2b/company")).json().seats.bought).toBe(0);
    });
  });

  describe("codes", () => {
    async function makeCodes(body: object): Promise<{ id: string; code: string }[]> {
      const response = await as(admin).post("/api/admin/codes", body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }

    it("takes a discount as a Stripe promotion code, typed with the subscribe or activated before", async () => {
      const [first, second] = await makeCodes({ kind: "discount", percentOff: 25, count: 2, maxUses: 5 });
      expect(
        stripe.requests.some((entry) => entry.path === "/v1/coupons" && entry.body.percent_off === "25"),
      ).toBe(true);
      const ivy = await createSignedInUser(test);
      expect((await as(ivy).post("/api/sbs/code/activate", { code: first?.code })).json()).toEqual({
        type: "discount",
        status: true,
      });
      await subscribed(ivy);
      const create = stripe.requests.filter((entry) => entry.path === "/v1/subscriptions").at(-1);
      expect(create?.body.discounts).toEqual([{ promotion_code: expect.stringMatching(/^promo_/) }]);

      const joe = await createSignedInUser(test);
      await subscribed(joe, monthly, { promocode: second?.code });
      const typed = stripe.requests.filter((entry) => entry.path === "/v1/subscriptions").at(-1);
      expect(typed?.body.discounts).toBeDefined();
      // Used once by this account: not again.
      expect((await as(joe).post("/api/sbs/code/activate", { code: second?.code })).json().status).toBe(
        false,
      );
      const bad = await as(joe).post(`/api/sbs/subscribe/${monthly}`, {
        productsCount: 1,
        promocode: "nope",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.promocode).toBeDefined();
    });

    it("grants a voucher's period, which lapses by itself, and honours expiry, use limits and archiving", async () => {
      const [voucher] = await makeCodes({ kind: "voucher", periodDays: 10, maxUses: 2 });
      const kim = await createSignedInUser(test);
      const lee = await createSignedInUser(test);
      const max = await createSignedInUser(test);
      expect((await as(kim).post("/api/sbs/code/activate", { code: voucher?.code })).json()).toEqual({
        type: "voucher",
        status: true,
      });
      expect(await rolesOf(test, kim)).toContain("subscriber");
      expect((await as(kim).get("/api/sbs/")).json()[0]).toMatchObject({
        provider: "code",
        status: "active",
      });
      expect((await as(kim).get("/api/records/passwordvault/password")).statusCode).toBe(200);
      expect((await as(lee).post("/api/sbs/code/activate", { code: voucher?.code })).json().status).toBe(
        true,
      );
      // Two uses allowed, both taken.
      expect((await as(max).post("/api/sbs/code/activate", { code: voucher?.code })).json().status).toBe(
        false,
      );

      const [expiring] = await makeCodes({ kind: "subscription", periodDays: 30, expiresAt: now + DAY_MS });
      const [archived] = await makeCodes({ kind: "subscription", periodDays: 30 });
      await as(admin).post(`/api/admin/codes/${archived?.id}/archive`);
      expect((await as(max).post("/api/sbs/code/activate", { code: archived?.code })).json().status).toBe(
        false,
      );

      now += 11 * DAY_MS;
      expect((await as(kim).get("/api/sbs/")).json()[0]).toMatchObject({
        provider: "code",
        status: "canceled",
      });
      expect((await as(max).post("/api/sbs/code/activate", { code: expiring?.code })).json().status).toBe(
        false,
      );

      // A period that ends while a session is cached ends the role at that moment (the session
      // clock is Date: the period is made to end 1.5 s from now, then Date moves past it).
      const [short] = await makeCodes({ kind: "voucher", periodDays: 1 });
      const nat = await createSignedInUser(test);
      now = Date.now() - DAY_MS + 1_500;
      expect((await as(nat).post("/api/sbs/code/activate", { code: short?.code })).json().status).toBe(true);
      expect(await rolesOf(test, nat)).toContain("subscriber");
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(Date.now() + 1_600);
        expect(await rolesOf(test, nat)).not.toContain("subscriber");
        expect((await as(nat).get("/api/records/passwordvault/password")).statusCode).toBe(403);
      } finally {
        vi.useRealTimers();
      }
      now = Date.UTC(2026, 10, 25, 9, 0);
    });

    it("slows guessing per account and per address with 429, saying nothing of whether a code exists", async () => {
      const [real] = await makeCodes({ kind: "subscription", periodDays: 30 });
      const guesser = await createSignedInUser(test);
      const from = (user: TestUser, remoteAddress: string, code: string) =>
        request(test, {
          method: "POST",
          url: "/api/sbs/code/activate",
          payload: { code },
          cookie: user.cookie,
          remoteAddress,
        });
      for (let attempt = 0; attempt < CODE_ATTEMPTS.max; attempt++) {
        const response = await from(guesser, `198.51.100.${attempt}`, `GUESS-${attempt}`);
        expect(response.json()).toEqual({ type: "voucher", status: false });
      }
      const limited = await from(guesser, "198.51.100.99", real?.code ?? "");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

      // Many accounts from one address are slowed as one.
      for (let attempt = 0; attempt < CODE_ATTEMPTS.max; attempt++) {
        const account = await createSignedInUser(test);
        await from(account, "203.0.113.7", `GUESS-${attempt}`);
      }
      const fresh = await createSignedInUser(test);
      expect((await from(fresh, "203.0.113.7", real?.code ?? "")).statusCode).toBe(429);
      expect((await from(fresh, "203.0.113.8", real?.code ?? "")).json()).toEqual({
        type: "voucher",
        status: true,
      });

      const empty = await as(guesser).post("/api/sbs/code/activate", { code: "" });
      expect(empty.statusCode).toBe(400);
    });
  });
});
