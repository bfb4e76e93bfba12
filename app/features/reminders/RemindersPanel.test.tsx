import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Reminder } from "../../../domain/schemas/reminder.ts";
import enReminders from "../../../public/locales/en/reminders.json" with { type: "json" };
import enSections from "../../../public/locales/en/sections.json" with { type: "json" };
import frReminders from "../../../public/locales/fr/reminders.json" with { type: "json" };
import frSections from "../../../public/locales/fr/sections.json" with { type: "json" };
import { renderWithProviders } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { RemindersPanel } from "./RemindersPanel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;

function reminder(daysLeft: number, overrides: Partial<Reminder> = {}): Reminder {
  return {
    recordId: `r${daysLeft}`,
    module: "personaldata",
    category: "passport",
    field: "expiryDate",
    date: Date.UTC(2027, 0, 1) + daysLeft * DAY,
    daysLeft,
    holderName: "Sam Example",
    title: "Sam Example",
    ...overrides,
  };
}

function show(
  items: Reminder[],
  { roles = ["subscriber"], language = "en", remindersArrive = Promise.resolve() } = {},
) {
  const fetch = stubApi({
    "GET /api/account/account": { body: testAccount({ roles }) },
    "GET /api/reminders": { body: items },
  });
  // The reminders' answer waits for `remindersArrive`, to see the panel while they load.
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes("/api/reminders")
      ? remindersArrive.then(() => fetch(input, init))
      : fetch(input, init),
  );
  const view = renderWithProviders(
    <MemoryRouter>
      <RemindersPanel />
    </MemoryRouter>,
    { language },
  );
  // The test i18n holds the app's core namespaces; this panel's come from their files too.
  view.i18n.addResourceBundle("en", "reminders", enReminders);
  view.i18n.addResourceBundle("fr", "reminders", frReminders);
  view.i18n.addResourceBundle("en", "sections", enSections);
  view.i18n.addResourceBundle("fr", "sections", frSections);
  return { ...view, fetch };
}

describe("the reminders panel", () => {
  it("lists each date as a sentence linking to its record, under a heading", async () => {
    show([
      reminder(-3),
      reminder(0),
      reminder(42),
      reminder(1, { category: "vehicle", module: "assets", holderName: null, title: "Blue van" }),
    ]);
    const list = await screen.findByRole("list");
    screen.getByRole("heading", { level: 2, name: "Reminders" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Passports · Sam Example: expired 3 days ago",
      "Passports · Sam Example: expires today",
      "Passports · Sam Example: expires in 42 days",
      `${enSections.category.vehicle} · Blue van: expires in 1 day`,
    ]);
    expect(links[2]?.getAttribute("href")).toBe("/dashboard/personaldata/passport/view/r42");
  });

  it("speaks French", async () => {
    show([reminder(42), reminder(-1, { title: null, holderName: null })], { language: "fr" });
    const links = within(await screen.findByRole("list")).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Passeports · Sam Example : expire dans 42 jours",
      "Passeports : a expiré il y a 1 jour",
    ]);
    screen.getByRole("heading", { name: "Rappels" });
  });

  it("says so in one line when nothing is due", async () => {
    show([]);
    await screen.findByText("Nothing expires in the coming months.");
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("keeps its place while the dates load, with its heading and a loading line", async () => {
    let arrive = () => {};
    show([], { remindersArrive: new Promise<void>((done) => (arrive = done)) });
    await screen.findByRole("heading", { level: 2, name: "Reminders" });
    screen.getByText("Loading…");
    arrive();
    await screen.findByText("Nothing expires in the coming months.");
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("is not shown, nor fetched, without a subscriber or company role", async () => {
    const { fetch } = show([reminder(5)], { roles: [] });
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([input]) => String(input).includes("/api/account/account"))).toBe(true),
    );
    expect(screen.queryByRole("heading", { name: "Reminders" })).toBeNull();
    expect(fetch.mock.calls.some(([input]) => String(input).includes("/api/reminders"))).toBe(false);
  });
});
