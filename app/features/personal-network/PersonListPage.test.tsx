import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { fullRecord, listItem, NETWORK_TEST_ROUTES } from "./testPersons.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const BIRTHDAY = Date.UTC(1815, 11, 10);

function visit(
  path: string,
  lists: Record<string, unknown[]>,
  language = "en",
  extra: Record<string, { body: unknown }> = {},
) {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    ...Object.fromEntries(
      Object.entries(lists).map(([group, body]) => [`GET /api/pn/person/${group}`, { body }]),
    ),
    ...extra,
  });
  return renderRoutes(NETWORK_TEST_ROUTES, { entries: [path], language });
}

describe("a Personal Network list", () => {
  it("shows person cards with name, birthday DD MMM, YYYY and an initials avatar", async () => {
    const ada = listItem("child", "Ada", { type: "daughter", birthday: BIRTHDAY });
    visit("/dashboard/personal-network/child", { child: [ada] });
    const link = await screen.findByRole("link", { name: "Ada Lovelace" });
    const card = link.closest("li") as HTMLElement;
    within(card).getByText("Born 10 Dec 1815");
    within(card).getByText("Daughter");
    within(card).getByText("AL");
    screen.getByRole("heading", { level: 1, name: "Children" });
  });

  it("writes the birthday in French with the French month", async () => {
    visit(
      "/dashboard/personal-network/child",
      { child: [listItem("child", "Ada", { type: "son", birthday: BIRTHDAY })] },
      "fr",
    );
    await screen.findByText("Né(e) le 10 déc. 1815");
  });

  it("shows advisor cards without an avatar", async () => {
    visit("/dashboard/personal-network/advisor", {
      advisor: [listItem("advisor", "Grace", { lastName: "Hopper", type: "lawyer" })],
    });
    const link = await screen.findByRole("link", { name: "Grace Hopper" });
    const card = link.closest("li") as HTMLElement;
    expect(within(card).queryByText("GH")).toBeNull();
    within(card).getByText("Lawyer");
  });

  it("opens a card at the current path plus /view/{id}", async () => {
    const ada = listItem("partner", "Ada", { type: "wife" });
    const { router } = visit("/dashboard/personal-network/partner", { partner: [ada] }, "en", {
      [`GET /api/pn/person/partner/${ada.id}`]: { body: fullRecord(ada) },
    });
    await userEvent.click(await screen.findByRole("link", { name: "Ada Lovelace" }));
    await screen.findByRole("heading", { level: 1, name: "Ada Lovelace" });
    expect(router.state.location.pathname).toBe(`/dashboard/personal-network/partner/view/${ada.id}`);
  });

  it("lists network circle people in rows under column headers, with a dash for a missing phone", async () => {
    const plumber = listItem("networkperson", "Mario", { lastName: "Rossi", type: "plumber" });
    const dentist = listItem("networkperson", "Dana", {
      lastName: "Smile",
      type: "dentist",
      phone: { code: "CA", number: "+14165550123", type: "work" },
    });
    visit("/dashboard/personal-network/networkperson", { networkperson: [plumber, dentist] });
    const table = await screen.findByRole("table", { name: "Network Circle" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Name", "Relationship", "Phone"]);
    const mario = within(table).getByRole("link", { name: "Mario Rossi" }).closest("tr") as HTMLElement;
    within(mario).getByText("Plumber");
    within(mario).getByText("-");
    expect(mario.querySelector("a")?.getAttribute("href")).toBe(
      `/dashboard/personal-network/networkperson/view/${plumber.id}`,
    );
    const dana = within(table).getByRole("link", { name: "Dana Smile" }).closest("tr") as HTMLElement;
    await within(dana).findByText("+1 416 555 0123");
  });

  it("offers + Add in an empty list, with the section preset in the path", async () => {
    visit("/dashboard/personal-network/dependent", { dependent: [] });
    await screen.findByText("No dependents recorded yet.");
    const add = screen.getByRole("link", { name: "Add" });
    expect(add.getAttribute("href")).toBe("/dashboard/personal-network/dependent/add");
  });

  it("shows each section with its count in the section tabs", async () => {
    visit("/dashboard/personal-network/child", {
      child: [listItem("child", "Ada", { type: "son" }), listItem("child", "Byron", { type: "son" })],
      partner: [],
    });
    const nav = await screen.findByRole("navigation", { name: "Personal Network sections" });
    const current = await within(nav).findByRole("link", { name: "Children, 2 people" });
    expect(current.getAttribute("aria-current")).toBe("page");
    await within(nav).findByRole("link", { name: "Spouse/Partner, 0 people" });
  });
});
