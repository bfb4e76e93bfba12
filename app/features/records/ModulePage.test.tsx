import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
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
    expect(await screen.findByRole("heading", { level: 1, name: "Household Management" })).toBeTruthy();
    const pets = await screen.findByRole("link", { name: /^Pet Details/ });
    expect(pets.getAttribute("href")).toBe("/dashboard/household/pet");
    // Drawn as a card (Mantine's Card, with the app's card-link style), not a bare blue link.
    expect(pets.classList.contains("mantine-Card-root")).toBe(true);
    expect(pets.classList.contains("card-link")).toBe(true);
    expect(await within(pets).findByText("2 records")).toBeTruthy();
    expect(screen.getAllByRole("link")).toHaveLength(categoriesOf("household").length);
    expect(within(screen.getByRole("link", { name: /^Vehicles/ })).getByText("1 record")).toBeTruthy();
    // The guide's "?" beside the heading explains the section, from the translations.
    await userEvent.click(screen.getByRole("button", { name: "Help: Household Management" }));
    expect(await screen.findByText(/Your home and everyday life/)).toBeTruthy();
  });
});
