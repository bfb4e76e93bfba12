import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Home } from "../../../domain/schemas/home.ts";
import enBinder from "../../../public/locales/en/binder.json" with { type: "json" };
import enCompany from "../../../public/locales/en/company.json" with { type: "json" };
import enHome from "../../../public/locales/en/home.json" with { type: "json" };
import enReminders from "../../../public/locales/en/reminders.json" with { type: "json" };
import enSections from "../../../public/locales/en/sections.json" with { type: "json" };
import frBinder from "../../../public/locales/fr/binder.json" with { type: "json" };
import frCompany from "../../../public/locales/fr/company.json" with { type: "json" };
import frHome from "../../../public/locales/fr/home.json" with { type: "json" };
import frReminders from "../../../public/locales/fr/reminders.json" with { type: "json" };
import frSections from "../../../public/locales/fr/sections.json" with { type: "json" };
import { renderWithProviders } from "../../test/render.tsx";
import { type StubAnswer, stubApi, testAccount } from "../../test/stubApi.ts";
import { HomePage } from "./HomePage.tsx";
import { homeAnswer } from "./testHome.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const BUNDLES = {
  en: { home: enHome, reminders: enReminders, sections: enSections, binder: enBinder, company: enCompany },
  fr: { home: frHome, reminders: frReminders, sections: frSections, binder: frBinder, company: frCompany },
};

/** The home with GET /api/home answering `home` once `arrives` settles; no invitation unless given. */
function show(
  home: StubAnswer,
  { language = "en", arrives = Promise.resolve(), invitations = [] as unknown[] } = {},
) {
  const api = stubApi({
    "GET /api/account/account": { body: testAccount({ name: "Ada Lovelace" }) },
    "GET /api/home": home,
    "GET /api/b2b/invitations": { body: invitations },
  });
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes("/api/home") ? arrives.then(() => api(input, init)) : api(input, init),
  );
  const view = renderWithProviders(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
    { language },
  );
  for (const [lng, namespaces] of Object.entries(BUNDLES))
    for (const [ns, bundle] of Object.entries(namespaces)) view.i18n.addResourceBundle(lng, ns, bundle);
  return view;
}

const NEW_FILE: Home = homeAnswer({
  next: [
    { kind: "personalDetails", personId: "me-1" },
    { kind: "category", module: "inventory", category: "will" },
    { kind: "category", module: "inventory", category: "poahealth" },
    { kind: "category", module: "inventory", category: "poafinances" },
  ],
});

describe("the home", () => {
  it("holds its place while the file loads", async () => {
    let arrive = () => {};
    show({ body: NEW_FILE }, { arrives: new Promise<void>((resolve) => (arrive = resolve)) });
    await screen.findByTestId("home-loading");
    expect(screen.getByTestId("home-loading").getAttribute("aria-busy")).toBe("true");
    arrive();
    await screen.findByTestId("home-start");
    expect(screen.queryByTestId("home-loading")).toBeNull();
  });

  it("welcomes a new file at 0% with its first steps, each a link to its form", async () => {
    show({ body: NEW_FILE });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to your family file" }));
    screen.getByText("Your file is 0% complete");
    const start = screen.getByTestId("home-start");
    const links = within(start).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Add your personal details", "/dashboard/personal-network/personal-details/edit/me-1"],
      ["Add your Will", "/dashboard/inventory/will/add"],
      ["Add your Power of Attorney (POA) Health", "/dashboard/inventory/poahealth/add"],
      ["Add your Power of Attorney (POA) Finances", "/dashboard/inventory/poafinances/add"],
    ]);
    expect(within(screen.getByTestId("home-modules")).getAllByRole("link")).toHaveLength(6);
    within(screen.getByTestId("home-reminders")).getByText(/Nothing is due/);
    within(screen.getByTestId("home-nominees")).getByText(/not chosen anyone/);
    within(screen.getByTestId("home-binder")).getByText("You have not made a binder yet.");
    expect(screen.queryByTestId("home-invitations")).toBeNull();
  });

  it("says what went wrong and tries again when the file cannot be read", async () => {
    let fail = true;
    show(
      // A function answer is asked again at each call: the retry finds the file.
      (() =>
        fail
          ? { status: 500, body: { error: { code: "internal_error", message: "x" } } }
          : { body: NEW_FILE }) as never,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your file's progress could not be loaded.");
    fail = false;
    within(alert).getByRole("button", { name: "Try again" }).click();
    await screen.findByTestId("home-start");
  });

  it("shows a filled file's progress, reminders in their words, nominees, binder and invitation, in French", async () => {
    show(
      {
        body: homeAnswer({
          counts: { passport: 1, will: 2 },
          marked: ["pet"],
          reminders: [
            {
              recordId: "w1",
              module: "inventory",
              category: "will",
              field: "reviewDate",
              date: Date.UTC(2027, 0, 1),
              daysLeft: 18,
              holderName: null,
              title: null,
            },
            {
              recordId: "p1",
              module: "personaldata",
              category: "passport",
              field: "expiryDate",
              date: Date.UTC(2027, 1, 1),
              daysLeft: 54,
              holderName: "Ada",
              title: "Ada",
            },
          ],
          nominees: { total: 2, accepted: 1, released: 0 },
          binder: { lastMadeAt: Date.UTC(2026, 10, 2, 12) },
        }),
      },
      {
        language: "fr",
        invitations: [
          {
            id: "i1",
            companyName: "Acme",
            invitedAt: Date.UTC(2026, 10, 1),
            expiresAt: Date.UTC(2026, 11, 1),
          },
        ],
      },
    );
    await screen.findByRole("heading", { level: 1, name: "Bienvenue dans votre dossier familial" });
    expect(screen.getByTestId("home-start").textContent).toContain("L'essentiel est fait.");
    const inventory = within(screen.getByTestId("home-modules")).getByRole("link", { name: /Inventaire/ });
    expect(inventory.getAttribute("href")).toBe("/dashboard/inventory");
    expect(inventory.textContent).toMatch(/1 sur \d+ rubriques/);
    const reminders = within(screen.getByTestId("home-reminders")).getAllByRole("link");
    expect(reminders.map((link) => link.textContent)).toEqual([
      "Testament : révision prévue dans 18 jours",
      "Passeports · Ada : expire dans 54 jours",
    ]);
    expect(screen.getByTestId("home-nominees").textContent).toContain(
      "2 personnes désignées. Acceptations : 1.",
    );
    expect(screen.getByTestId("home-binder").textContent).toContain("Préparé pour la dernière fois le");
    within(screen.getByTestId("home-binder")).getByRole("button", { name: /de nouveau/ });
    await screen.findByTestId("home-invitations");
  });
});
