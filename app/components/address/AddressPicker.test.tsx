import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Versioned } from "../../../domain/api/versions.ts";
import type { Address } from "../../../domain/schemas/address.ts";
import { axeViolations } from "../../test/axe.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { conflictThenSaved, ifMatchesSent, sentBodies, stubApi } from "../../test/stubApi.ts";
import { AddressPicker } from "./AddressPicker.tsx";
import { HOME } from "./testAddresses.ts";

/** A fake address book that remembers what is saved and deleted. */
function addressBook(initial: Versioned<Address>[]) {
  let addresses = [...initial];
  return {
    "GET /api/address/": () => ({ body: addresses }),
    "POST /api/address/": (body: unknown) => {
      const saved = { ...(body as Address), id: "0b6f2c52-0000-4000-8000-000000000002", version: 1 };
      addresses = [...addresses, saved];
      return { body: saved, headers: { ETag: '"1"' } };
    },
  };
}

/** HOME loaded at version 3; the first save is refused, Ottawa having been saved as version 4 since. */
function stubConflict() {
  return stubApi({
    "GET /api/address/": { body: [HOME] },
    "POST /api/address/": conflictThenSaved({ ...HOME, city: "Ottawa" }, 4, (body) => ({
      body: { ...(body as Address), version: 5 },
      headers: { ETag: '"5"' },
    })),
  });
}

const ifMatches = (api: ReturnType<typeof stubApi>) => ifMatchesSent(api, "POST");

/** Opens HOME's form, types a city over Toronto and saves: the refusal's panel. */
async function editCityAndConflict(user: ReturnType<typeof userEvent.setup>, labels = ENGLISH) {
  await user.click(await screen.findByRole("button", { name: labels.edit }));
  const city = await screen.findByRole("textbox", { name: labels.city }, { timeout: 15_000 });
  await user.clear(city);
  await user.type(city, "Mississauga");
  await user.click(screen.getByRole("button", { name: labels.save }));
  return screen.findByRole("region", { name: labels.conflict }, { timeout: 15_000 });
}

const ENGLISH = {
  edit: "Edit Address",
  city: "City",
  save: "Save Address",
  conflict: "This record was saved while you were editing it",
};

function Picker({ initial = null as string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <AddressPicker label="Home address" value={value} onChange={setValue} />
      <output data-testid="value">{value ?? "none"}</output>
    </>
  );
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  const box = screen.getByRole("combobox", { name: field });
  await user.click(box);
  // Searching first keeps jsdom from laying out all 250 countries.
  await user.clear(box);
  await user.type(box, option);
  await user.click(await screen.findByRole("option", { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe("AddressPicker", () => {
  it("shows a chosen address read-only, with Edit Address opening its form", async () => {
    stubApi({ "GET /api/address/": { body: [HOME] } });
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    await choose(user, "Home address", "Home");
    expect(screen.getByTestId("value").textContent).toBe(HOME.id);
    screen.getByText("12 Main Street");
    screen.getByText("Toronto, Ontario M5V 1A1");
    await user.click(screen.getByRole("button", { name: "Edit Address" }));
    expect(
      (
        (await screen.findByRole(
          "textbox",
          { name: "Address nickname" },
          { timeout: 15_000 },
        )) as HTMLInputElement
      ).value,
    ).toBe("Home");
    screen.getByRole("button", { name: "Delete Address" });
  });

  it("opens an empty form on Add New Address; Save is disabled while the nickname is empty or taken", async () => {
    stubApi({ "GET /api/address/": { body: [HOME] } });
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    await screen.findByRole("combobox", { name: "Home address" });
    await waitFor(() => expect(screen.getByTestId("value").textContent).toBe("none"));
    await choose(user, "Home address", "Add New Address");
    await screen.findByRole("textbox", { name: "Address nickname" }, { timeout: 15_000 });
    const save = screen.getByRole("button", { name: "Save Address" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // Other fields wait for a country.
    expect(screen.queryByRole("textbox", { name: "City" })).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Address nickname" }), " home ");
    screen.getByText("Please enter unique address nickname");
    expect(save.disabled).toBe(true);
    await user.type(screen.getByRole("textbox", { name: "Address nickname" }), "2");
    expect(screen.queryByText("Please enter unique address nickname")).toBeNull();
    expect(save.disabled).toBe(false);
  });

  it("saves a new address, chooses it and shows it", async () => {
    const api = stubApi(addressBook([HOME]));
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    await choose(user, "Home address", "Add New Address");
    await screen.findByRole("textbox", { name: "Address nickname" }, { timeout: 15_000 });
    await user.type(screen.getByRole("textbox", { name: "Address nickname" }), "Cottage");
    await choose(user, "Country", "Canada");
    await user.click(screen.getByRole("button", { name: "Save Address" }));
    await waitFor(() =>
      expect(screen.getByTestId("value").textContent).toBe("0b6f2c52-0000-4000-8000-000000000002"),
    );
    expect(sentBodies(api, "POST /api/address/")[0]).toMatchObject({ name: "Cottage", country: "CA" });
    await screen.findByRole("button", { name: "Edit Address" });
    expect((screen.getByRole("combobox", { name: "Home address" }) as HTMLInputElement).value).toBe(
      "Cottage",
    );
  });

  it("offers Canada's 13 provinces, the United Kingdom's grouped counties, and clears the region when the country changes", async () => {
    stubApi({ "GET /api/address/": { body: [] } });
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    await choose(user, "Home address", "Add New Address");
    await screen.findByRole("textbox", { name: "Address nickname" }, { timeout: 15_000 });
    await choose(user, "Country", "Canada");
    const province = screen.getByRole("combobox", { name: "Province/Territory" }) as HTMLSelectElement;
    // A "Choose…" option, then the 13.
    expect(within(province).getAllByRole("option")).toHaveLength(14);
    await user.selectOptions(province, "Quebec");
    await user.type(screen.getByRole("textbox", { name: "City" }), "Montréal");
    await user.type(screen.getByRole("textbox", { name: "Postal/Zip Code" }), "H2X 1Y4");
    await user.type(screen.getByRole("textbox", { name: "Address Line 1" }), "1 rue Sainte-Catherine");

    await user.click(screen.getByRole("button", { name: "Clear Country" }));
    await choose(user, "Country", "United Kingdom");
    const county = screen.getByRole("combobox", { name: "County" }) as HTMLSelectElement;
    const groups = [...county.querySelectorAll("optgroup")].map((group) => group.label);
    expect(groups).toEqual([
      "England",
      "Northern Ireland",
      "Scotland",
      "Unitary Authorities of Wales",
      "UK Offshore Dependencies",
    ]);
    expect((screen.getByRole("textbox", { name: "City" }) as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("textbox", { name: "Postal/Zip Code" }) as HTMLInputElement).value).toBe("");
    // Address lines are not part of the region: they stay.
    expect((screen.getByRole("textbox", { name: "Address Line 1" }) as HTMLInputElement).value).toBe(
      "1 rue Sainte-Catherine",
    );

    await choose(user, "Country", "France");
    screen.getByRole("textbox", { name: "Province/State" });
    expect(
      screen.getAllByRole("textbox").every((input) => input.getAttribute("autocomplete") === "off"),
    ).toBe(true);
  });

  it("deletes an address in use only once the user has seen where and confirmed, then leaves the field empty", async () => {
    const calls: string[] = [];
    stubApi({
      "GET /api/address/": { body: [HOME] },
      [`DELETE /api/address/${HOME.id}`]: () => {
        calls.push("delete");
        return calls.length === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: "address_in_use",
                  message: "This address is still used.",
                  usages: [{ kind: "person", id: "p1", name: "Ada Lovelace" }],
                },
              },
            }
          : { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Picker initial={HOME.id} />);
    await user.click(await screen.findByRole("button", { name: "Edit Address" }));
    await user.click(screen.getByRole("button", { name: "Delete Address" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }));
    await screen.findByText("Contact: Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "Delete it anyway" }));
    await waitFor(() => expect(screen.getByTestId("value").textContent).toBe("none"));
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole("textbox", { name: "Address nickname" })).toBeNull();
  });
});

describe("an address saved since its form was opened", () => {
  it("shows both cities, takes the focus, and keeps mine over the new version", async () => {
    const api = stubConflict();
    const user = userEvent.setup();
    renderWithProviders(<Picker initial={HOME.id} />);
    const conflict = await editCityAndConflict(user);
    await waitFor(() => expect(document.activeElement).toBe(conflict));
    const rows = within(conflict).getAllByRole("listitem");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toMatch(/^City.*Your version.*Mississauga.*Saved version.*Ottawa/);
    expect(ifMatches(api)).toEqual(['"3"']);
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(within(conflict).getByRole("button", { name: "Keep mine" }));
    await screen.findByRole("button", { name: "Edit Address" });
    expect(ifMatches(api)).toEqual(['"3"', '"4"']);
    expect(sentBodies(api, "POST /api/address/")[1]).toMatchObject({ id: HOME.id, city: "Mississauga" });
    expect(screen.getByTestId("value").textContent).toBe(HOME.id);
  }, 30_000);

  it("takes the saved version into the form, and the next save names it", async () => {
    const api = stubConflict();
    const user = userEvent.setup();
    renderWithProviders(<Picker initial={HOME.id} />);
    await editCityAndConflict(user);
    await user.click(screen.getByRole("button", { name: "Take the saved version" }));
    screen.getByText("The saved version is now in the form.");
    expect(screen.queryByRole("region", { name: ENGLISH.conflict })).toBeNull();
    expect((screen.getByRole("textbox", { name: "City" }) as HTMLInputElement).value).toBe("Ottawa");
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Address nickname" })),
    );
    await user.click(screen.getByRole("button", { name: "Save Address" }));
    await screen.findByRole("button", { name: "Edit Address" });
    expect(ifMatches(api)).toEqual(['"3"', '"4"']);
    expect(sentBodies(api, "POST /api/address/")[1]).toMatchObject({ city: "Ottawa" });
  }, 30_000);

  it("says so in French", async () => {
    stubConflict();
    const user = userEvent.setup();
    renderWithProviders(<Picker initial={HOME.id} />, { language: "fr" });
    const conflict = await editCityAndConflict(user, {
      edit: "Modifier l'adresse",
      city: "Ville",
      save: "Enregistrer l'adresse",
      conflict: "Cette fiche a été enregistrée pendant que vous la modifiiez",
    });
    within(conflict).getByRole("button", { name: "Garder la mienne" });
    within(conflict).getByText("Ottawa");
  }, 30_000);
});
