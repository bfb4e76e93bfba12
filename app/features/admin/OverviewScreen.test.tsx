import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminOverview } from "../../../domain/schemas/admin.ts";
import type { AdminCompany } from "../../../domain/schemas/company.ts";
import { axeViolations } from "../../test/axe.ts";
import { sentBodies, stubApi } from "../../test/stubApi.ts";
import { adminSession, renderAdmin } from "./testAdmin.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const OVERVIEW: AdminOverview = {
  users: 120,
  verifiedUsers: 100,
  subscriptions: [{ currency: "cad", plan: "Family", interval: "month", count: 40, seats: 40 }],
  monthlyRecurringRevenue: [{ currency: "cad", amount: 39_960 }],
  companies: 3,
  seatsUsed: 27,
  weeks: Array.from({ length: 12 }, (_, index) => ({
    weekStart: Date.UTC(2026, 8, 7) + index * 7 * 86_400_000,
    signUps: index,
    subscriptions: Math.floor(index / 2),
  })),
  nothingOnSale: false,
};

const ACME: AdminCompany = {
  id: "c1",
  name: "Acme Robotics",
  email: "hr@acme.example",
  website: null,
  phones: [],
  address: null,
  seats: { used: 7, bought: null },
  subscription: null,
  createdAt: Date.UTC(2026, 0, 5),
  members: { invited: 2, active: 5, deactivated: 1 },
};

describe("the admin overview and companies", () => {
  it("sums up the platform: accounts, plans, revenue per currency and the weeks", async () => {
    stubApi({ ...adminSession("stripe"), "GET /api/admin/overview": { body: OVERVIEW } });
    renderAdmin("/admin");
    await screen.findByRole("heading", { level: 2, name: "Overview" });
    await screen.findByText("120");
    screen.getByText("$399.60");
    const weeks = screen.getByRole("region", { name: "Sign-ups and subscriptions per week" });
    expect(within(weeks).getAllByRole("row")).toHaveLength(13);
    expect(screen.queryByText("Nothing is on sale")).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("warns, in French, when billing is on and nothing is on sale, with the way to the products", async () => {
    stubApi({
      ...adminSession("stripe"),
      "GET /api/admin/overview": { body: { ...OVERVIEW, nothingOnSale: true } },
    });
    renderAdmin("/admin", { language: "fr" });
    await screen.findByText("Rien n’est en vente");
    screen.getByText(/aucune formule d’abonnement n’est en vente/);
    expect(screen.getByRole("link", { name: "Ajouter un produit" }).getAttribute("href")).toBe(
      "/admin/products",
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("lists companies by seats and members, and sets the seats with billing off", async () => {
    const api = stubApi({
      ...adminSession("off"),
      "GET /api/admin/companies": {
        body: { content: [ACME], page: 0, size: 20, totalElements: 1, totalPages: 1 },
      },
      "POST /api/admin/companies/c1/seats": { body: { ...ACME, seats: { used: 7, bought: 10 } } },
    });
    const user = userEvent.setup();
    renderAdmin("/admin/companies");
    const row = (await screen.findByRole("cell", { name: "Acme Robotics" })).closest("tr") as HTMLElement;
    within(row).getByText("7, no limit");
    within(row).getByText("5 active · 2 invited · 1 deactivated");
    await user.click(within(row).getByRole("button", { name: "Set seats of Acme Robotics" }));
    const dialog = await screen.findByRole("dialog", { name: "Set seats" });
    await user.type(within(dialog).getByRole("textbox", { name: /Seats allowed/ }), "10");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await screen.findByText("Seats of Acme Robotics saved.");
    await waitFor(() =>
      expect(sentBodies(api, "POST /api/admin/companies/c1/seats")).toEqual([{ seatLimit: 10 }]),
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
