import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProduct, makePlatformAdmin, stripeBilling, subscribe } from "../../testing/billing.ts";
import { createSignedInUser, mailsTo, type TestUser } from "../../testing/identity.ts";
import { type StripeTestServer, startStripeServer } from "../../testing/stripe-server.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { openSecondPool, testDialects } from "../../testing/test-database.ts";

const SECRET = "whsec_kinfile_test_secret";

/*
 * Stripe retries a webhook it thinks was lost, and with several app servers the copies may reach
 * two servers at the same moment: the event is applied once (one invoice, one mail) however many
 * servers receive it.
 */
describe.each(testDialects())("a Stripe webhook reaching two servers on %s", (dialect) => {
  let stripe: StripeTestServer;
  let one: TestApp;
  let two: TestApp;
  let fay: TestUser;
  let providerId: string;

  beforeAll(async () => {
    stripe = await startStripeServer();
    const billing = stripeBilling(stripe.api);
    one = await buildTestApp(dialect, { config: { billing } });
    const pool = await openSecondPool(one.database, dialect);
    two = await buildTestApp(dialect, {
      config: { billing, masterKey: one.config.masterKey },
      database: { ...pool, dataDir: one.database.dataDir },
    });
    const admin = await createSignedInUser(one);
    await makePlatformAdmin(one, admin);
    const product = await createStripeProduct(one, stripe, admin, {
      currency: "cad",
      name: "Monthly",
      amount: 999,
      interval: "month",
    });
    fay = await createSignedInUser(one);
    ({ providerId } = await subscribe(one, fay, product));
  });
  afterAll(async () => {
    await two.close();
    await one.close();
    await stripe.close();
  });

  it("applies an event delivered to both at once exactly once: one invoice, one mail", async () => {
    stripe.setSubscription(providerId, { status: "past_due" });
    const failed = stripe.invoiceFor(providerId, { billing_reason: "subscription_cycle" });
    const { payload, signature } = stripe.event("invoice.payment_failed", failed, SECRET, {
      id: "evt_twice",
    });
    const deliver = (server: TestApp) =>
      server.app.inject({
        method: "POST",
        url: "/api/sbs/webhook/stripe",
        payload,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });
    // At the same moment on PostgreSQL; in turns on SQLite, whose pools in one process cannot hold
    // transactions at once (server/jobs/n-servers.test.ts says why).
    const answers =
      dialect === "postgres"
        ? await Promise.all([deliver(one), deliver(two)])
        : [await deliver(one), await deliver(two)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await mailsTo(one, fay.email)).filter((mail) => mail.template === "paymentFailed")).toHaveLength(
      1,
    );
    const invoices = await one.database.db
      .selectFrom("invoice")
      .select("id")
      .where("user_id", "=", fay.id)
      .execute();
    expect(invoices).toEqual([{ id: failed.id }]);
    const events = await one.database.db
      .selectFrom("provider_event")
      .select("id")
      .where("id", "=", "evt_twice")
      .execute();
    expect(events).toHaveLength(1);
  });
});
