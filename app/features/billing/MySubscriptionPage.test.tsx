import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axeViolations } from "../../test/axe.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { MySubscriptionPage } from "./MySubscriptionPage.tsx";

// Stripe's script never loads here (the page must wait for it without failing), unless a test
// says it failed.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn((_key: string) => new Promise<null>(() => {})) }));
vi.mock("@stripe/stripe-js/dist/pure.mjs", () => stripeJs);

const PRODUCTS = [
  {
    id: "p-month",
    name: "Family",
    currency: "cad",
    amount: 999,
    interval: "month",
    isB2B: false,
    integrationData: { providerProductId: "price_1" },
  },
  {
    id: "p-year",
    name: "Family",
    currency: "cad",
    amount: 9900,
    interval: "year",
    isB2B: false,
    integrationData: { providerProductId: "price_2" },
  },
];

const ACTIVE = {
  id: "s1",
  status: "active",
  provider: "stripe",
  product: { id: "p-month", name: "Family", currency: "cad", amount: 999, interval: "month" },
  quantity: 1,
  currentPeriodEnd: Date.UTC(2026, 11, 25),
  cancelAtPeriodEnd: false,
  renewal: { amount: 999, currency: "cad", interval: "month" },
  createdAt: Date.UTC(2026, 10, 25),
};

function page(language = "en") {
  return renderWithProviders(
    <MemoryRouter>
      <MySubscriptionPage />
    </MemoryRouter>,
    { language },
  );
}

const common = {
  "GET /api/account/account": { body: testAccount({ roles: [] }) },
  "POST /api/account/splashmobile": { body: testAccount({ roles: ["subscriber"] }) },
  "GET /api/account/donation": { body: { charity: null } },
};

describe("My Subscription with billing off", () => {
  beforeEach(() => {
    stubApi({
      ...common,
      "GET /api/sbs/settings": { body: { mode: "off", publishableKey: null } },
      "GET /api/sbs/": { body: [{ ...ACTIVE, id: "none", provider: "none", product: null }] },
      "POST /api/sbs/code/activate": (body) => ({
        body: { type: "voucher", status: (body as { code: string }).code === "GOOD" },
      }),
    });
  });

  it("says no subscription is needed, shows no payment, and still takes a code", async () => {
    const { container } = page();
    await screen.findByText("This server needs no subscription.");
    expect(screen.queryByLabelText("Currency")).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Code"), "WRONG");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Oops!");
    screen.getByText("Please try again later.");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.type(screen.getByLabelText("Code"), "GOOD");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Congratulations!");
    screen.getByText("You have successfully subscribed.");
    screen.getByRole("button", { name: "Choose a charity" });
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe("My Subscription with Stripe", () => {
  it("offers the plans of a currency and waits for Stripe's script before the Pay button", async () => {
    stubApi({
      ...common,
      "GET /api/sbs/settings": { body: { mode: "stripe", publishableKey: "pk_test_x" } },
      "GET /api/sbs/": { body: [] },
      "GET /api/sbs/product/currencies": { body: ["cad"] },
      "GET /api/sbs/product/currency/cad": { body: PRODUCTS },
    });
    const { container } = page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: "Currency" }));
    await user.click(await screen.findByRole("option", { name: "Canadian Dollar" }));
    const monthly = await screen.findByRole("radio", { name: /Family · \$9\.99 CAD per month/ });
    screen.getByRole("radio", { name: /\$99\.00 CAD per year/ });
    await user.click(monthly);
    await screen.findByText("Loading the secure payment form…");
    expect(screen.queryByRole("button", { name: "Subscribe and pay" })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it("says when nothing is on sale, in French, and still takes a code", async () => {
    stubApi({
      ...common,
      "GET /api/sbs/settings": { body: { mode: "stripe", publishableKey: "pk_test_x" } },
      "GET /api/sbs/": { body: [] },
      "GET /api/sbs/product/currencies": { body: [] },
    });
    const { container } = page("fr");
    await screen.findByText(
      "Les abonnements ne sont pas encore en vente. Contactez l’administrateur de ce Kinfile.",
    );
    expect(screen.queryByRole("combobox", { name: "Devise" })).toBeNull();
    screen.getByRole("textbox", { name: "Code" });
    expect(await axeViolations(container)).toEqual([]);
  });

  it("says when Stripe's script cannot load, and tries again", async () => {
    stripeJs.loadStripe.mockImplementationOnce(() => Promise.reject(new Error("Failed to load Stripe.js")));
    stubApi({
      ...common,
      "GET /api/sbs/settings": { body: { mode: "stripe", publishableKey: "pk_test_blocked" } },
      "GET /api/sbs/": { body: [] },
      "GET /api/sbs/product/currencies": { body: ["cad"] },
      "GET /api/sbs/product/currency/cad": { body: PRODUCTS },
    });
    const { container } = page();
    const alert = await screen.findByRole("alert");
    within(alert).getByText("The payment form could not load");
    within(alert).getByText("Check your connection, then try again.");
    expect(screen.queryByRole("combobox", { name: "Currency" })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    const user = userEvent.setup();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("combobox", { name: "Currency" });
    expect(screen.queryByText("The payment form could not load")).toBeNull();
    expect(stripeJs.loadStripe.mock.calls.filter(([key]) => key === "pk_test_blocked")).toHaveLength(2);
  });

  it("shows the current plan, cancels after confirming, and offers the undo", async () => {
    let current = ACTIVE;
    const api = stubApi({
      ...common,
      "GET /api/sbs/settings": { body: { mode: "stripe", publishableKey: "pk_test_x" } },
      "GET /api/sbs/": () => ({ body: [current] }),
      "GET /api/sbs/product/currencies": { body: ["cad"] },
      "GET /api/sbs/product/currency/cad": { body: PRODUCTS },
      "GET /api/sbs/bt/card": { body: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 } },
      "GET /api/sbs/invoices": { body: [] },
      "DELETE /api/sbs/cancel/s1": () => {
        current = { ...ACTIVE, cancelAtPeriodEnd: true };
        return { body: current };
      },
    });
    page();
    await screen.findByText("Renews on 25 Dec 2026 for $9.99.");
    await screen.findByText("VISA ending in 4242, expires 12/2030");
    await screen.findByText("No invoices yet.");
    // The option selector is locked while a subscription exists.
    expect((screen.getByRole("combobox", { name: "Currency" }) as HTMLInputElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("will not renew");
    await user.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([url, init]) => String(url).includes("/api/sbs/cancel/s1") && init?.method === "DELETE",
        ),
      ).toBe(true),
    );
    await screen.findByRole("button", { name: "Undo cancellation" });
    await screen.findByText("Cancels on 25 Dec 2026: it will not renew.");
  });

  it("opens Stripe's portal back to this page, and says so when Stripe cannot be reached", async () => {
    const api = stubApi({
      ...common,
      "GET /api/sbs/settings": { body: { mode: "stripe", publishableKey: "pk_test_x" } },
      "GET /api/sbs/": { body: [ACTIVE] },
      "GET /api/sbs/product/currencies": { body: ["cad"] },
      "GET /api/sbs/product/currency/cad": { body: PRODUCTS },
      "GET /api/sbs/bt/card": { body: null },
      "GET /api/sbs/invoices": { body: [] },
      "POST /api/sbs/portal": {
        status: 502,
        body: {
          error: {
            code: "provider_unavailable",
            message: "The payment service could not be reached. Please try again in a moment.",
          },
        },
      },
    });
    const { container } = page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Card, invoices and cancelling" }));
    const alert = await screen.findByRole("alert");
    within(alert).getByText("Stripe's billing page did not open");
    within(alert).getByText(/payment service could not be reached/);
    expect(sentBodies(api, "POST /api/sbs/portal")).toEqual([{ returnPath: "/", for: "account" }]);
    expect(await axeViolations(container)).toEqual([]);
  });
});
