import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminProduct, BillingMode } from "../../../domain/schemas/subscription.ts";
import { axeViolations } from "../../test/axe.ts";
import { sentBodies, stubApi } from "../../test/stubApi.ts";
import { adminSession, fieldRefusal, renderAdmin, SERVER_FAILURE } from "./testAdmin.tsx";

const FAMILY: AdminProduct = {
  id: "p1",
  name: "Family",
  currency: "cad",
  amount: 999,
  interval: "month",
  isB2B: false,
  integrationData: { providerProductId: "price_1" },
  archived: false,
  createdAt: Date.UTC(2026, 0, 5),
};

const OLD_COMPANY: AdminProduct = {
  ...FAMILY,
  id: "p2",
  name: "Company 2025",
  currency: "eur",
  amount: 123_456,
  interval: "year",
  isB2B: true,
  integrationData: { providerProductId: null },
  archived: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
  // The toasts live in one store for the whole file: each test starts without the last one's.
  notifications.clean();
});

/** The products screen over a small fake server whose list follows what was created or archived. */
function serve(mode: BillingMode, products: AdminProduct[] = [FAMILY, OLD_COMPANY]) {
  let list = products;
  const api = stubApi({
    ...adminSession(mode),
    "GET /api/admin/products": () => ({ body: list }),
    "POST /api/admin/products": (body) => {
      const created = { ...FAMILY, ...(body as Partial<AdminProduct>), id: "p3" };
      list = [created, ...list];
      return { body: created };
    },
    "POST /api/admin/products/p1/archive": () => {
      list = list.map((item) => (item.id === "p1" ? { ...item, archived: true } : item));
      return { body: { ...FAMILY, archived: true } };
    },
  });
  return api;
}

function rowOf(name: string): HTMLElement {
  const cell = screen.getByRole("cell", { name });
  const row = cell.closest("tr");
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "New product" }));
  const dialog = await screen.findByRole("dialog", { name: "New product" });
  return { user, dialog };
}

describe("the products screen", () => {
  it("lists each product with its amount in major units, interval, B2B, Stripe price and status", async () => {
    serve("stripe");
    renderAdmin("/admin/products");
    await screen.findByRole("cell", { name: "Family" });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(rowOf("Family"))).toEqual([
      "Family",
      "CAD",
      "9.99",
      "Monthly",
      "No",
      "price_1",
      "Active",
      "Archive Family",
    ]);
    // An archived product stays listed, and cannot be archived again.
    expect(cells(rowOf("Company 2025"))).toEqual([
      "Company 2025",
      "EUR",
      "1,234.56",
      "Yearly",
      "Yes",
      "—",
      "Archived",
      "",
    ]);
    screen.getByRole("heading", { level: 1, name: "Administration" });
    screen.getByRole("heading", { level: 2, name: "Products" });
    expect(screen.getByRole("link", { name: "Products" }).getAttribute("aria-current")).toBe("page");
    await waitFor(() => expect(document.title).toBe("Products · Administration · Kinfile"));
  });

  it("writes amounts and intervals in the reader's language", async () => {
    serve("stripe");
    renderAdmin("/admin/products", { language: "fr" });
    // Canadian French groups thousands with a no-break space.
    await screen.findByRole("cell", { name: /^1\s234,56$/ });
    screen.getByRole("cell", { name: "9,99" });
    screen.getByRole("cell", { name: "Mensuel" });
    screen.getByRole("heading", { level: 2, name: "Produits" });
  });

  it("says when there is no product yet", async () => {
    serve("stripe", []);
    renderAdmin("/admin/products");
    await screen.findByText("No products yet.");
  });

  it("says when the list could not be loaded, and tries again on request", async () => {
    let fail = true;
    stubApi({
      ...adminSession("stripe"),
      "GET /api/admin/products": () => (fail ? SERVER_FAILURE : { body: [FAMILY] }),
    });
    renderAdmin("/admin/products");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The products could not be loaded.");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("cell", { name: "Family" });
  });

  it("requires the Stripe price with Stripe, then sends the amount in minor units", async () => {
    const api = serve("stripe");
    renderAdmin("/admin/products");
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "Family plus");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /^Currency/ }), "usd");
    await user.type(within(dialog).getByRole("textbox", { name: /^Amount/ }), "19.99");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /^Billed/ }), "year");
    await user.click(within(dialog).getByRole("checkbox", { name: /Business \(B2B\) product/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create product" }));
    const price = within(dialog).getByRole("textbox", { name: /^Stripe price id/ });
    expect(price.getAttribute("aria-invalid")).toBe("true");
    within(dialog).getByText("This field is required.");
    expect(sentBodies(api, "POST /api/admin/products")).toEqual([]);

    await user.type(price, "price_9");
    await user.click(within(dialog).getByRole("button", { name: "Create product" }));
    await screen.findByText("Product “Family plus” created.");
    expect(sentBodies(api, "POST /api/admin/products")).toEqual([
      {
        name: "Family plus",
        currency: "usd",
        amount: 1999,
        interval: "year",
        isB2B: true,
        providerPriceId: "price_9",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await screen.findByRole("cell", { name: "Family plus" });
  });

  it("asks for no Stripe price with billing off, and sends none", async () => {
    const api = serve("off");
    renderAdmin("/admin/products");
    const { user, dialog } = await openForm();
    await within(dialog).findByRole("textbox", { name: /^Name/ });
    expect(within(dialog).queryByRole("textbox", { name: /Stripe price id/ })).toBeNull();
    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "Family");
    await user.type(within(dialog).getByRole("textbox", { name: /^Amount/ }), "9.9");
    await user.click(within(dialog).getByRole("button", { name: "Create product" }));
    await waitFor(() => expect(sentBodies(api, "POST /api/admin/products")).toHaveLength(1));
    expect(sentBodies(api, "POST /api/admin/products")[0]).toEqual({
      name: "Family",
      currency: "cad",
      amount: 990,
      interval: "month",
      isB2B: false,
      providerPriceId: null,
    });
  });

  it("says an empty amount is required, before sending anything", async () => {
    const api = serve("off");
    renderAdmin("/admin/products");
    const { user, dialog } = await openForm();
    await user.type(await within(dialog).findByRole("textbox", { name: /^Name/ }), "Family");
    await user.click(within(dialog).getByRole("button", { name: "Create product" }));
    const amount = within(dialog).getByRole("textbox", { name: /^Amount/ });
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    within(dialog).getByText("This field is required.");
    expect(sentBodies(api, "POST /api/admin/products")).toEqual([]);
  });

  it("shows the server's refusal beside its field and keeps what was typed", async () => {
    const mismatch = "This Stripe price does not match the plan's currency, amount and interval.";
    stubApi({
      ...adminSession("stripe"),
      "GET /api/admin/products": { body: [] },
      "POST /api/admin/products": fieldRefusal("providerPriceId", mismatch),
    });
    renderAdmin("/admin/products");
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "Family");
    await user.type(within(dialog).getByRole("textbox", { name: /^Amount/ }), "9.99");
    const price = within(dialog).getByRole("textbox", { name: /^Stripe price id/ });
    await user.type(price, "price_other");
    await user.click(within(dialog).getByRole("button", { name: "Create product" }));
    await within(dialog).findByText(mismatch);
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect((price as HTMLInputElement).value).toBe("price_other");
  });

  it("archives a product only once confirmed", async () => {
    const api = serve("stripe");
    renderAdmin("/admin/products");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Archive Family" }));
    let dialog = await screen.findByRole("dialog", { name: "Archive this product?" });
    expect(dialog.textContent).toContain("Subscriptions already on it keep running");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentBodies(api, "POST /api/admin/products/p1/archive")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Archive Family" }));
    dialog = await screen.findByRole("dialog", { name: "Archive this product?" });
    await user.click(within(dialog).getByRole("button", { name: "Archive" }));
    await screen.findByText("Product “Family” archived.");
    expect(sentBodies(api, "POST /api/admin/products/p1/archive")).toHaveLength(1);
    await waitFor(() => within(rowOf("Family")).getByText("Archived"));
    expect(screen.queryByRole("button", { name: "Archive Family" })).toBeNull();
  });

  it("has no axe violation, listed or with the form open", async () => {
    serve("stripe");
    const { container } = renderAdmin("/admin/products");
    await screen.findByRole("cell", { name: "Family" });
    expect(await axeViolations(container)).toEqual([]);
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole("button", { name: "Create product" }));
    await within(dialog).findAllByText("This field is required.");
    expect(await axeViolations(document.body)).toEqual([]);
  }, 30_000);
});
