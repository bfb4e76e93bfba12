import { fireEvent, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../test/render.tsx";
import { stubApi, testAccount } from "../test/stubApi.ts";
import { DashboardLayout } from "./DashboardLayout.tsx";
import { useGuardedForm } from "./unsaved/unsavedForm.ts";

const routes = [{ Component: DashboardLayout, children: [{ path: "*", element: <h1>Screen</h1> }] }];

function sideMenu() {
  return screen.getByRole("navigation", { name: "Sections" });
}

describe("dashboard side menu", () => {
  it("shows the home, then the spec's labels linking to their routes", () => {
    renderRoutes(routes, { entries: ["/dashboard/personal-network"] });
    const links = within(sideMenu()).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/dashboard"],
      ["Personal Network", "/dashboard/personal-network"],
      ["Personal Data", "/dashboard/personaldata"],
      ["Household Management", "/dashboard/household"],
      ["Employment & Benefits Information", "/dashboard/employerinfo"],
      ["Key Document Inventory", "/dashboard/inventory"],
      ["Assets, Insurance & Debts", "/dashboard/assets"],
      ["Password Vault", "/dashboard/passwordvault"],
      ["Shared Data", "/dashboard/shared-data"],
    ]);
  });

  it("marks the item of the second path segment as the current page, and follows navigation", async () => {
    renderRoutes(routes, { entries: ["/dashboard/inventory/documentlibrary/add"] });
    const current = within(sideMenu()).getByRole("link", { current: "page" });
    expect(current.textContent).toBe("Key Document Inventory");

    await userEvent.click(within(sideMenu()).getByRole("link", { name: "Password Vault" }));
    expect(within(sideMenu()).getByRole("link", { current: "page" }).textContent).toBe("Password Vault");
    expect(within(sideMenu()).getAllByRole("link", { current: "page" })).toHaveLength(1);
  });

  it("hides and shows the labels with the arrow button, and remembers the choice", async () => {
    const first = renderRoutes(routes, { entries: ["/dashboard/household"] });
    const hide = screen.getByRole("button", { name: "Hide labels" });
    expect(hide.getAttribute("aria-expanded")).toBe("true");

    await userEvent.click(hide);
    const show = screen.getByRole("button", { name: "Show labels" });
    expect(show.getAttribute("aria-expanded")).toBe("false");
    // Icons only, but each link keeps its name for assistive technology.
    within(sideMenu()).getByRole("link", { name: "Household Management" });
    expect(localStorage.getItem("kinfile.menuLabels")).toBe("false");

    first.unmount();
    renderRoutes(routes, { entries: ["/dashboard/household"] });
    screen.getByRole("button", { name: "Show labels" });
  });

  it("offers a skip link to the main region", () => {
    renderRoutes(routes, { entries: ["/dashboard/assets"] });
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip.getAttribute("href")).toBe("#main-content");
    expect(screen.getByRole("main").getAttribute("id")).toBe("main-content");
  });
});

function DirtyForm() {
  useGuardedForm({ isDirty: () => true, save: async () => "invalid" });
  return <h1>Add a Password</h1>;
}

describe("unsaved changes", () => {
  it("asks before a dirty form is left from the frame's first drawing, before its painted extras load", async () => {
    renderRoutes(
      [
        {
          Component: DashboardLayout,
          children: [{ path: "/dashboard/passwordvault/password/add", element: <DirtyForm /> }],
        },
      ],
      { entries: ["/dashboard/passwordvault/password/add"] },
    );
    // At once, in the frame's first task: the guides, toasts and Go to Top come only after a paint.
    fireEvent.click(within(sideMenu()).getByRole("link", { name: "Personal Data" }));
    await screen.findByRole("dialog", { name: "Save the Record" });
    screen.getByRole("heading", { name: "Add a Password" });
  });
});

describe("header switches", () => {
  it("switches the language to French, in the menu and on <html lang>, and remembers it", async () => {
    renderRoutes(routes, { entries: ["/dashboard/personal-network"] });
    await userEvent.click(screen.getByRole("radio", { name: "Français" }));
    within(sideMenu()).getByRole("link", { name: "Réseau personnel" });
    within(sideMenu()).getByRole("link", { name: "Coffre-fort de mots de passe" });
    screen.getByRole("button", { name: "Masquer les libellés" });
    expect(document.documentElement.lang).toBe("fr");
    expect(localStorage.getItem("kinfile.lang")).toBe("fr");
  });

  it("switches the theme and keeps it", async () => {
    renderRoutes(routes, { entries: ["/dashboard/personal-network"] });
    expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("light");

    await userEvent.click(screen.getByRole("button", { name: "Theme: As the device, Blue" }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Dark" }));

    expect(localStorage.getItem("kinfile.theme")).toBe("dark-blue");
    expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("dark");
    screen.getByRole("button", { name: "Theme: Dark, Blue" });
  });
});

describe("account menu", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function menuItems(roles: string[]) {
    stubApi({ "GET /api/account/account": { body: testAccount({ roles, showSplashScreen: false }) } });
    renderRoutes(routes, { entries: ["/dashboard/personal-network"] });
    await screen.findByText("Ada Lovelace");
    await userEvent.click(screen.getByRole("button", { name: "Account menu" }));
    return (await screen.findAllByRole("menuitem")).map((item) => [
      item.textContent,
      item.getAttribute("href"),
    ]);
  }

  it("offers the administration to a platform administrator", async () => {
    expect(await menuItems(["subscriber", "admin"])).toContainEqual(["Administration", "/admin"]);
  });

  it("offers no administration to anyone else", async () => {
    expect((await menuItems(["subscriber"])).map(([label]) => label)).not.toContain("Administration");
  });
});
