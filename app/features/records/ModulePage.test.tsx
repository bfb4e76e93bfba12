import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { homeAnswer } from "../home/testHome.ts";
import { renderRecords } from "./testRecords.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a module's page", () => {
  it("lists every category of the module with its count and a link to its list", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/household/count": { body: { pet: 2, vehicle: 1 } },
    });
    renderRecords("/dashboard/household");
    await screen.findByRole("heading", { level: 1, name: "Household Management" });
    const pets = await screen.findByRole("link", { name: "Pet Details" });
    expect(pets.getAttribute("href")).toBe("/dashboard/household/pet");
    // Drawn as a card (Mantine's Card) with the category's words and its count.
    const petCard = screen.getByTestId("category-card-pet");
    expect(petCard.querySelector(".mantine-Card-root")).not.toBeNull();
    await within(petCard).findByText("2 records");
    within(petCard).getByText(/your pets, their vet/i);
    within(screen.getByTestId("category-card-vehicle")).getByText("1 record");
    const listLinks = categoriesOf("household").map((category) =>
      within(screen.getByTestId(`category-card-${category.key}`))
        .getAllByRole("link")[0]
        ?.getAttribute("href"),
    );
    expect(listLinks).toEqual(
      categoriesOf("household").map((category) => `/dashboard/household/${category.key}`),
    );
    // The guide's "?" beside the heading explains the section, from the translations.
    await userEvent.click(screen.getByRole("button", { name: "Help: Household Management" }));
    await screen.findByText(/Your home and everyday life/);
  });

  it('teaches an empty category, with Add and an "I don\'t have this" undone in one click', async () => {
    let marked: string[] = [];
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/household/count": { body: { pet: 2, vehicle: 0 } },
      "GET /api/home": () => ({ body: homeAnswer({ counts: { pet: 2 }, marked }) }),
      "PUT /api/home/not-applicable/household/vehicle": () => {
        marked = ["vehicle"];
        return { status: 204 };
      },
      "DELETE /api/home/not-applicable/household/vehicle": () => {
        marked = [];
        return { status: 204 };
      },
    });
    renderRecords("/dashboard/household");
    const vehicles = await screen.findByTestId("category-card-vehicle");
    await within(vehicles).findByText("0 records");
    const add = within(vehicles).getByRole("link", { name: "Add to Vehicles" });
    expect(add.getAttribute("href")).toBe("/dashboard/household/vehicle/add");
    // A category holding records offers neither.
    expect(within(screen.getByTestId("category-card-pet")).queryByRole("button")).toBeNull();

    await userEvent.click(within(vehicles).getByRole("button", { name: "I don't have this: Vehicles" }));
    await within(vehicles).findByText("You don't have this");
    expect(within(vehicles).queryByRole("link", { name: "Add to Vehicles" })).toBeNull();

    await userEvent.click(
      within(vehicles).getByRole("button", { name: 'Undo "I don\'t have this": Vehicles' }),
    );
    await within(vehicles).findByRole("link", { name: "Add to Vehicles" });
    expect(sentBodies(api, "PUT /api/home/not-applicable/household/vehicle")).toHaveLength(1);
    expect(sentBodies(api, "DELETE /api/home/not-applicable/household/vehicle")).toHaveLength(1);
  });
});
