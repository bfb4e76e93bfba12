/**
 * Buying Kinfile in the browser with BILLING=stripe. The server's Stripe SDK talks to the local
 * Stripe API (server/testing/stripe-server.ts); the browser loads a stand-in for Stripe.js from
 * js.stripe.com's own address, which records what Kinfile hands over (the Payment Element's
 * options, the client secret to confirm) and, when asked to confirm, pays as the buyer would in
 * Stripe's frame. Everything on Kinfile's side is the built app on the real server.
 *
 * With nothing on sale, My Subscription says so and the admin overview warns. Then the admin
 * makes a product and a charity in /admin, a buyer subscribes on My Subscription at
 * desktop width in English and gives to the charity; a French buyer sees the plans and the frame
 * at desktop width; phone buyers subscribe from the pop-up in French and English after a
 * declined card; a buyer whose browser cannot reach Stripe.js is told so and tries again. A
 * company buys its seats on /b2b, runs out, adds one from the refused invitation, invites, and
 * goes to Stripe's portal and back.
 */
import { request as apiRequest, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeTestServer, startStripeServer } from "../server/testing/stripe-server.ts";
import { signedInAccount, signedInPlatformAdmin } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

const PUBLISHABLE_KEY = "pk_test_kinfile_e2e";
const MY_SUBSCRIPTION = "/dashboard/manage-account/my-subscription";

/** What a page's Stripe.js was asked to do, in order (read from the stand-in's record). */
type StripeCall = { call: string; [detail: string]: unknown };

/**
 * The stand-in for Stripe.js: the calls @stripe/stripe-js and @stripe/react-stripe-js make, a
 * Payment Element that mounts a frame from js.stripe.com, and confirmPayment handing the client
 * secret to the test (`kinfileStripeConfirm`), which answers as Stripe would.
 */
const STRIPE_JS = `(() => {
  const calls = (window.__stripeCalls = []);
  function element(type, options) {
    calls.push({ call: "create", type, options });
    const handlers = {};
    let frame = null;
    return {
      mount(node) {
        frame = document.createElement("iframe");
        frame.src = "https://js.stripe.com/v3/elements-inner-payment.html";
        frame.title = "Secure payment input frame";
        frame.style.cssText = "width:100%;height:80px;border:0;display:block";
        node.appendChild(frame);
        setTimeout(() => handlers.ready && handlers.ready({ elementType: type }));
      },
      on(event, handler) { handlers[event] = handler; },
      off(event) { delete handlers[event]; },
      update(changes) { calls.push({ call: "element.update", changes }); },
      unmount() { frame && frame.remove(); },
      destroy() { frame && frame.remove(); },
    };
  }
  const unused = () => Promise.reject(new Error("not used by Kinfile"));
  function Stripe(key, options) {
    calls.push({ call: "Stripe", key });
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(options) {
        calls.push({ call: "elements", options });
        return {
          create: element,
          update(changes) { calls.push({ call: "elements.update", changes }); },
          submit: async () => ({}),
          getElement: () => null,
        };
      },
      // What @stripe/react-stripe-js checks to know a Stripe object; Kinfile calls none of them.
      createToken: unused,
      createPaymentMethod: unused,
      confirmCardPayment: unused,
      async confirmPayment(request) {
        calls.push({ call: "confirmPayment", clientSecret: request.clientSecret, redirect: request.redirect });
        return window.kinfileStripeConfirm(request.clientSecret);
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** Stripe's card frame, as far as a page sees it: a labelled field in a document of its own. */
const PAYMENT_FRAME = `<!doctype html><html lang="en"><head><title>Payment details</title></head>
<body><label for="card">Card number</label> <input id="card" autocomplete="cc-number" value="4242 4242 4242 4242"></body></html>`;

let stripe: StripeTestServer;
let server: RunningServer;
/** Stripe's prices: the admin makes a product of the first in the browser, the second is made by API. */
let monthlyPrice: string;
let yearlyPrice: string;

beforeAll(async () => {
  stripe = await startStripeServer();
  monthlyPrice = stripe.addPrice({ currency: "cad", amount: 999, interval: "month" });
  yearlyPrice = stripe.addPrice({ currency: "cad", amount: 9900, interval: "year" });
  server = await startServer({
    BILLING: "stripe",
    STRIPE_SECRET_KEY: "sk_test_kinfile_e2e",
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: "whsec_kinfile_e2e",
    STRIPE_API_HOST: stripe.api.host,
    STRIPE_API_PORT: String(stripe.api.port),
    STRIPE_API_PROTOCOL: "http",
  });
});

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

/**
 * A second product, "Household", and a company plan sold by the seat, made by the admin through
 * the API once the tests of an empty shop are done.
 */
async function offerMorePlans(): Promise<void> {
  const admin = await apiRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { origin: server.url },
  });
  try {
    await signedInPlatformAdmin(admin, server.url, server.dataDir);
    const created = await admin.post("/api/admin/products", {
      data: {
        name: "Household",
        currency: "cad",
        amount: 9900,
        interval: "year",
        providerPriceId: yearlyPrice,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const seats = await admin.post("/api/admin/products", {
      data: {
        name: "Team",
        currency: "cad",
        amount: 500,
        interval: "month",
        isB2B: true,
        providerPriceId: stripe.addPrice({ currency: "cad", amount: 500, interval: "month" }),
      },
    });
    expect(seats.status(), await seats.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

const pages = browserPages();

/** Serves the stand-in Stripe.js and frame, and confirms payments against the local Stripe API. */
async function withStripe(context: BrowserContext, answer: { decline: string | null }): Promise<void> {
  await context.route("https://js.stripe.com/**", (route) =>
    route.request().url().endsWith("/stripe.js") || route.request().url().includes("/stripe.js?")
      ? route.fulfill({ contentType: "text/javascript", body: STRIPE_JS })
      : route.fulfill({ contentType: "text/html", body: PAYMENT_FRAME }),
  );
  await context.exposeFunction("kinfileStripeConfirm", (clientSecret: string) => {
    const created = stripe.requests.find(
      (request) =>
        request.method === "POST" &&
        request.path === "/v1/subscriptions" &&
        clientSecretOf(request.answer) === clientSecret,
    );
    if (created === undefined)
      return { error: { type: "invalid_request_error", message: "Unknown secret." } };
    if (answer.decline !== null) {
      const message = answer.decline;
      answer.decline = null;
      return { error: { type: "card_error", code: "card_declined", message } };
    }
    stripe.pay(String(created.answer.id));
    return { paymentIntent: { id: "pi_e2e", status: "succeeded" } };
  });
}

function clientSecretOf(subscription: Record<string, unknown>): unknown {
  const invoice = subscription.latest_invoice as { confirmation_secret?: { client_secret?: string } } | null;
  return invoice?.confirmation_secret?.client_secret;
}

function stripeCalls(page: Page): Promise<StripeCall[]> {
  return page.evaluate(() => (window as unknown as { __stripeCalls?: StripeCall[] }).__stripeCalls ?? []);
}

/** Picks the Canadian dollar and a plan, and waits for Stripe's frame where the Payment Element stands. */
async function choosePlan(
  page: Page,
  scope: Page | ReturnType<Page["getByRole"]>,
  names: { currency: string; cad: string; plan: RegExp },
): Promise<void> {
  await scope.getByRole("combobox", { name: names.currency }).click();
  await page.getByRole("option", { name: names.cad }).click();
  await scope.getByRole("radio", { name: names.plan }).check();
  await scope.locator("iframe[title='Secure payment input frame']").waitFor();
}

/** What the pop-up and the subscribe flow say, per language. */
const POP_UP = {
  en: {
    title: "Subscribe to unlock Kinfile",
    currency: "Currency",
    cad: "Canadian Dollar",
    pay: "Subscribe and pay",
    declined: "Your card was declined.",
    oops: "Oops!",
    back: "Back",
    congratulations: "Congratulations!",
    close: "Close",
  },
  fr: {
    title: "Abonnez-vous pour profiter de Kinfile",
    currency: "Devise",
    cad: "Dollar canadien",
    pay: "M’abonner et payer",
    declined: "Votre carte a été refusée.",
    oops: "Oups !",
    back: "Retour",
    congratulations: "Félicitations !",
    close: "Fermer",
  },
} as const;

/** The account's language wins over the browser's: set it as My Account would. */
async function speaks(context: BrowserContext, lang: "en" | "fr"): Promise<void> {
  const saved = await context.request.post("/api/account/save", {
    headers: { origin: server.url },
    data: { lang },
  });
  expect(saved.status()).toBe(200);
}

describe("Subscriptions sold through Stripe, in the browser", () => {
  it("with nothing on sale, My Subscription says so and the admin overview warns, linking to the products (en)", async () => {
    const buyer = await pages.open({ baseURL: server.url, width: 1280 });
    try {
      const { page, context } = buyer;
      await signedInAccount(context, server.url);
      await withStripe(context, { decline: null });
      await page.goto(MY_SUBSCRIPTION);
      await page.getByRole("heading", { name: "Subscription options" }).waitFor();
      await page
        .getByText("Subscriptions are not on sale yet. Contact the administrator of this Kinfile.")
        .waitFor();
      expect(await page.getByRole("combobox", { name: "Currency" }).count()).toBe(0);
      // A code someone was given still works without anything on sale.
      await page.getByRole("textbox", { name: "Code" }).waitFor();
      await expectNoAxeViolations(page, `${MY_SUBSCRIPTION}, nothing on sale`);
      await expectFitsPhone(page, `${MY_SUBSCRIPTION}, nothing on sale`);
      expect(buyer.consoleErrors, "console errors").toEqual([]);
    } finally {
      await buyer.context.close();
    }

    const admin = await pages.open({ baseURL: server.url, width: 1280 });
    try {
      await signedInPlatformAdmin(admin.context.request, server.url, server.dataDir);
      const { page } = admin;
      await page.goto("/admin/overview");
      await page.getByRole("heading", { name: "Overview", level: 2 }).waitFor();
      await page.getByText("Nothing is on sale").waitFor();
      await expectNoAxeViolations(page, "/admin/overview, nothing on sale");
      await page.getByRole("link", { name: "Add a product" }).click();
      await page.getByRole("heading", { name: "Products" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/admin/products");
      expect(admin.consoleErrors, "console errors").toEqual([]);
    } finally {
      await admin.context.close();
    }
  });

  describe("once plans are on sale", () => {
    beforeAll(offerMorePlans);

    it("the admin makes a product and a charity; a buyer subscribes on My Subscription and gives (en, desktop)", async () => {
      const admin = await pages.open({ baseURL: server.url, width: 1280 });
      try {
        await signedInPlatformAdmin(admin.context.request, server.url, server.dataDir);
        const { page } = admin;
        await page.goto("/dashboard");
        await page.getByRole("button", { name: /account menu/i }).click();
        await page.getByRole("menuitem", { name: "Administration" }).click();
        await page.getByRole("heading", { name: "Overview", level: 2 }).waitFor();
        await page.getByRole("link", { name: "Products" }).click();
        await page.getByRole("heading", { name: "Products" }).waitFor();
        await page.getByRole("button", { name: "New product" }).click();
        const dialog = page.getByRole("dialog", { name: "New product" });
        await dialog.getByRole("textbox", { name: "Name" }).fill("Family");
        await dialog.getByRole("combobox", { name: "Currency" }).selectOption("cad");
        await dialog.getByRole("textbox", { name: "Amount" }).fill("9.99");
        await dialog.getByRole("combobox", { name: "Billed" }).selectOption("month");
        await dialog.getByRole("textbox", { name: "Stripe price id" }).fill(monthlyPrice);
        await expectNoAxeViolations(page, "/admin/products, new product");
        await dialog.getByRole("button", { name: "Create product" }).click();
        await page.getByText("Product “Family” created.").waitFor();
        await page.getByRole("cell", { name: monthlyPrice }).waitFor();
        await expectNoAxeViolations(page, "/admin/products");
        await expectFitsPhone(page, "/admin/products");

        await page.getByRole("link", { name: "Charities" }).click();
        await page.getByRole("textbox", { name: "Full name" }).fill("Food Banks Canada");
        await page.getByRole("button", { name: "Add charity" }).click();
        await page.getByRole("cell", { name: "Food Banks Canada", exact: true }).waitFor();
        await expectFitsPhone(page, "/admin/charities");
        await page.getByRole("link", { name: "Codes" }).click();
        await page.getByRole("heading", { name: "Codes" }).waitFor();
        await expectFitsPhone(page, "/admin/codes");
        expect(admin.consoleErrors, "console errors").toEqual([]);
      } finally {
        await admin.context.close();
      }

      const buyer = await pages.open({ baseURL: server.url, width: 1280 });
      try {
        const { page, context } = buyer;
        await signedInAccount(context, server.url);
        await withStripe(context, { decline: null });
        await page.goto(MY_SUBSCRIPTION);
        await page.getByRole("heading", { name: "Subscription options" }).waitFor();
        await choosePlan(page, page, { currency: "Currency", cad: "Canadian Dollar", plan: /^Family · / });
        await expectNoAxeViolations(page, `${MY_SUBSCRIPTION} with Stripe's frame`);
        await page.getByRole("button", { name: "Subscribe and pay" }).click();
        await page.getByText("Congratulations!").waitFor();

        const calls = await stripeCalls(page);
        expect(calls.find((call) => call.call === "Stripe")).toEqual({
          call: "Stripe",
          key: PUBLISHABLE_KEY,
        });
        expect(calls.find((call) => call.call === "elements")?.options).toEqual({
          mode: "subscription",
          amount: 999,
          currency: "cad",
          locale: "en",
        });
        const confirmed = calls.find((call) => call.call === "confirmPayment");
        const created = stripe.requests.find(
          (request) =>
            request.path === "/v1/subscriptions" &&
            clientSecretOf(request.answer) === confirmed?.clientSecret,
        );
        expect(created?.body.items).toEqual([{ price: monthlyPrice, quantity: "1" }]);

        // Subscribed: the donation dialog, then the plan the account now holds.
        const donation = page.getByRole("dialog", { name: "Give to a good cause" });
        await donation.getByRole("combobox", { name: "Charity" }).fill("Food");
        await page.getByRole("option", { name: "Food Banks Canada" }).click();
        await expectNoAxeViolations(page, `${MY_SUBSCRIPTION} donation`);
        await donation.getByRole("button", { name: "Save" }).click();
        await page.getByText("Thank you: part of your subscription will go to this cause.").waitFor();
        await page.getByText("You already have a subscription: change its plan above.").waitFor();
        await expectNoAxeViolations(page, `${MY_SUBSCRIPTION} subscribed`);
        expect(buyer.consoleErrors, "console errors").toEqual([]);
      } finally {
        await buyer.context.close();
      }
    });

    it("a French buyer sees the plans and Stripe's frame on My Subscription (fr, desktop)", async () => {
      const buyer = await pages.open({ baseURL: server.url, width: 1280, locale: "fr-CA" });
      try {
        const { page, context } = buyer;
        await signedInAccount(context, server.url);
        await speaks(context, "fr");
        await withStripe(context, { decline: null });
        await page.goto(MY_SUBSCRIPTION);
        await page.getByRole("heading", { name: "Options d’abonnement" }).waitFor();
        await choosePlan(page, page, { ...POP_UP.fr, plan: /^Household · 99,00 \$ CAD par an$/ });
        expect((await stripeCalls(page)).find((call) => call.call === "elements")?.options).toEqual({
          mode: "subscription",
          amount: 9900,
          currency: "cad",
          locale: "fr",
        });
        await page.getByRole("button", { name: POP_UP.fr.pay }).waitFor();
        await expectNoAxeViolations(page, `${MY_SUBSCRIPTION} with Stripe's frame (fr)`);
        expect(buyer.consoleErrors, "console errors").toEqual([]);
      } finally {
        await buyer.context.close();
      }
    });

    it.each(["fr", "en"] as const)(
      "a phone buyer subscribes from the pop-up after a declined card (%s, 375 px)",
      async (lang) => {
        const words = POP_UP[lang];
        const buyer = await pages.open({
          baseURL: server.url,
          width: 375,
          height: 812,
          locale: `${lang}-CA`,
        });
        try {
          const { page, context } = buyer;
          await signedInAccount(context, server.url);
          await speaks(context, lang);
          await withStripe(context, { decline: words.declined });
          await page.goto("/dashboard");
          const popUp = page.getByRole("dialog", { name: words.title });
          await popUp.waitFor();
          await choosePlan(page, popUp, { ...words, plan: /^Household · / });
          await expectFitsPhone(page, `subscribe pop-up with Stripe's frame (${lang})`);
          const elements = (await stripeCalls(page)).find((call) => call.call === "elements");
          expect(elements?.options).toMatchObject({ locale: lang });

          await popUp.getByRole("button", { name: words.pay }).click();
          await popUp.getByText(words.oops).waitFor();
          await popUp.getByText(words.declined).waitFor();
          await expectFitsPhone(page, `subscribe pop-up, declined (${lang})`);

          await popUp.getByRole("button", { name: words.back }).click();
          await choosePlan(page, popUp, { ...words, plan: /^Household · / });
          await popUp.getByRole("button", { name: words.pay }).click();
          await popUp.getByText(words.congratulations).waitFor();
          await expectFitsPhone(page, `subscribe pop-up, subscribed (${lang})`);
          await popUp.getByRole("button", { name: words.close, exact: true }).click();
          await popUp.waitFor({ state: "detached" });

          const account = await context.request.get("/api/account/account");
          expect((await account.json()).roles).toContain("subscriber");
          expect(buyer.consoleErrors, "console errors").toEqual([]);
        } finally {
          await buyer.context.close();
        }
      },
    );
    it("a company buys its seats on /b2b and its founder holds one (en, desktop)", async () => {
      const founder = await pages.open({ baseURL: server.url, width: 1280 });
      try {
        const { page, context } = founder;
        await signedInAccount(context, server.url, { name: "Dana Scully" });
        const made = await context.request.post("/api/b2b/company", {
          headers: { origin: server.url },
          data: { name: "Acme Robotics", email: "hr@acme.example" },
        });
        expect(made.status()).toBe(200);
        await withStripe(context, { decline: null });
        await page.goto("/b2b");
        await page.getByText("1 seat used; no company plan pays for seats yet.").waitFor();
        await page.getByRole("textbox", { name: "Seats" }).fill("3");
        await choosePlan(page, page, { ...POP_UP.en, plan: /^Team · / });
        expect((await stripeCalls(page)).find((call) => call.call === "elements")?.options).toMatchObject({
          amount: 1500,
          currency: "cad",
        });
        await expectNoAxeViolations(page, "/b2b, buying seats");
        await page.getByRole("button", { name: "Subscribe and pay" }).click();
        await page.getByText("Congratulations!").waitFor();
        await page.getByText("1 of 3 seats used").waitFor();
        // The company read back with its seats keeps the purchase's outcome on screen.
        expect(await page.getByText("Congratulations!").isVisible()).toBe(true);
        expect(await page.getByRole("textbox", { name: "Seats" }).count()).toBe(0);
        const created = stripe.requests.filter((request) => request.path === "/v1/subscriptions").at(-1);
        expect(created?.body.items).toEqual([{ price: expect.any(String), quantity: "3" }]);
        const account = await context.request.get("/api/account/account");
        expect((await account.json()).roles).toEqual(expect.arrayContaining(["b2b", "companyAdmin"]));

        // The seats run out: the invitation is refused, saying how many are missing, and offers them.
        for (const email of ["fox@acme.example", "gina@acme.example"]) {
          const invited = await context.request.post("/api/b2b/invite", {
            headers: { origin: server.url },
            data: { email, firstName: "Staff", lastName: "Member", language: "en" },
          });
          expect(invited.status(), await invited.text()).toBe(200);
        }
        await page.reload();
        await page.getByText("3 of 3 seats used").waitFor();
        await page.getByRole("heading", { name: "Company plan" }).waitFor();
        await page.getByText(/^Renews on .* for \$15\.00\.$/).waitFor();
        const invite = async () => {
          await page.getByRole("button", { name: "Invite someone" }).click();
          const dialog = page.getByRole("dialog", { name: "Invite someone" });
          await dialog.getByRole("textbox", { name: "Email" }).fill("walter@acme.example");
          await dialog.getByRole("textbox", { name: "First name" }).fill("Walter");
          await dialog.getByRole("textbox", { name: "Last name" }).fill("Skinner");
          await dialog.getByRole("button", { name: "Send invitation" }).click();
          return dialog;
        };
        const refused = await invite();
        await refused.getByText("No seat is free: 1 more seat is needed to invite this person.").waitFor();
        await expectNoAxeViolations(page, "/b2b, an invitation without a seat");
        await refused.getByRole("button", { name: "Add 1 seat" }).click();
        const seats = page.getByRole("dialog", { name: "Change the number of seats" });
        expect(await seats.getByRole("textbox", { name: "Seats" }).inputValue()).toBe("4");
        await seats.getByRole("button", { name: "Save seats" }).click();
        await page.getByText("The company now has 4 seats.").waitFor();
        await page.getByText("3 of 4 seats used").waitFor();
        const update = stripe.requests
          .filter((request) => request.path.startsWith("/v1/subscriptions/"))
          .at(-1);
        expect(update?.body).toMatchObject({
          proration_behavior: "always_invoice",
          items: [{ quantity: "4" }],
        });
        const accepted = await invite();
        await page.getByText("Invitation sent to walter@acme.example.").waitFor();
        await accepted.waitFor({ state: "hidden" });
        await page.getByText("4 of 4 seats used").waitFor();
        expect(founder.consoleErrors, "console errors").toEqual([]);

        // Card, invoices and cancelling are Stripe's portal, which comes back to /b2b.
        await page.getByRole("button", { name: "Card, invoices and cancelling" }).click();
        await page.getByRole("heading", { name: "Billing portal" }).waitFor();
        expect(page.url()).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${stripe.api.port}/portal/`));
        const session = stripe.requests
          .filter((request) => request.path === "/v1/billing_portal/sessions")
          .at(-1);
        expect(session?.body.return_url).toBe(`${server.url}/b2b`);
        await page.getByRole("link", { name: "Return to Kinfile" }).click();
        await page.waitForURL(`${server.url}/b2b`);
        await page.getByText("4 of 4 seats used").waitFor();
      } finally {
        await founder.context.close();
      }
      // Buying, running out, adding a seat and the portal: a long journey on a shared machine.
    }, 150_000);
    it("says when Stripe.js cannot load, and pays once it can (en, desktop)", async () => {
      const buyer = await pages.open({ baseURL: server.url, width: 1280 });
      try {
        const { page, context } = buyer;
        await signedInAccount(context, server.url);
        await context.route("https://js.stripe.com/**", (route) => route.abort());
        await page.goto(MY_SUBSCRIPTION);
        const alert = page.getByRole("alert").filter({ hasText: "The payment form could not load" });
        await alert.getByText("Check your connection, then try again.").waitFor();
        expect(await page.getByRole("combobox", { name: "Currency" }).count()).toBe(0);
        await expectNoAxeViolations(page, `${MY_SUBSCRIPTION}, Stripe.js blocked`);

        await context.unroute("https://js.stripe.com/**");
        await withStripe(context, { decline: null });
        await alert.getByRole("button", { name: "Try again" }).click();
        await choosePlan(page, page, { currency: "Currency", cad: "Canadian Dollar", plan: /^Household · / });
        await page.getByRole("button", { name: "Subscribe and pay" }).waitFor();
        expect(await alert.count()).toBe(0);
        // The blocked script is the only thing the console reports.
        expect(buyer.consoleErrors.filter((message) => !message.includes("net::ERR_FAILED"))).toEqual([]);
      } finally {
        await buyer.context.close();
      }
    });
  });
});
