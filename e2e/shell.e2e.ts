/**
 * The foundation journey: the login page, the language switch, the dashboard shell and its side
 * menu, themes, the static pages and the phone layout, with axe on every page and no console error.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInAccount } from "./support/accounts.ts";
import {
  browserPages,
  type CheckedPage,
  expectNoAxeViolations,
  type PageOptions,
} from "./support/browser.ts";

const MENU = [
  ["Home", "/dashboard"],
  ["Personal Network", "/dashboard/personal-network"],
  ["Personal Data", "/dashboard/personaldata"],
  ["Household Management", "/dashboard/household"],
  ["Employment & Benefits Information", "/dashboard/employerinfo"],
  ["Key Document Inventory", "/dashboard/inventory"],
  ["Assets, Insurance & Debts", "/dashboard/assets"],
  ["Password Vault", "/dashboard/passwordvault"],
  ["Shared Data", "/dashboard/shared-data"],
] as const;

const pages = browserPages();
const baseURL = inject("baseURL");

/** A fresh browser context; `signedIn` gives it a new verified account's session first. */
async function withPage(
  options: PageOptions & { signedIn?: boolean },
  journey: (checked: CheckedPage) => Promise<void>,
): Promise<void> {
  const checked = await pages.open(options);
  try {
    if (options?.signedIn) await signedInAccount(checked.context, baseURL);
    await journey(checked);
    expect(checked.consoleErrors, "console errors").toEqual([]);
  } finally {
    await checked.context.close();
  }
}

const sideMenu = (page: Page) => page.getByRole("navigation", { name: /sections|main menu|menu/i });

describe("the app shell", () => {
  it("shows the login page in English and switches to French, remembered across a reload", async () => {
    await withPage({}, async ({ page }) => {
      await page.goto("/");
      await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(
        await page.getByText(/By logging into the product and using its services/).count(),
      ).toBeGreaterThan(0);
      await expectNoAxeViolations(page, "/login (en)");

      await page.getByRole("radio", { name: "Français" }).check({ force: true });
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("fr");
      await expect.poll(() => page.title()).toMatch(/Kinfile/);
      expect(await page.getByText(/By logging into the product/).count()).toBe(0);
      await expectNoAxeViolations(page, "/login (fr)");

      await page.reload();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("fr");
      await page.getByRole("radio", { name: "English" }).check({ force: true });
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    });
  });

  it("navigates every section from the side menu, marks the active one and hides labels", async () => {
    await withPage({ signedIn: true }, async ({ page }) => {
      await page.goto("/dashboard/personal-network");
      const menu = sideMenu(page);
      await menu.waitFor();
      for (const [label, path] of MENU) {
        const link = menu.getByRole("link", { name: label, exact: true });
        await link.click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(path);
        await expect.poll(() => link.getAttribute("aria-current")).toBe("page");
        await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
        await expectNoAxeViolations(page, path);
      }

      // A deeper path keeps its section active (the second path segment decides).
      await page.goto("/dashboard/inventory/documentlibrary/add");
      await expect
        .poll(() => menu.getByRole("link", { name: "Key Document Inventory" }).getAttribute("aria-current"))
        .toBe("page");

      const hide = page.getByRole("button", { name: "Hide labels" });
      await hide.click();
      const show = page.getByRole("button", { name: "Show labels" });
      await expect.poll(() => show.getAttribute("aria-expanded")).toBe("false");
      // Labels are hidden from sight, not from assistive technology.
      await menu.getByRole("link", { name: "Password Vault" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/dashboard/passwordvault");
      await expectNoAxeViolations(page, "menu with hidden labels");
      await page.reload();
      await page.getByRole("button", { name: "Show labels" }).click();
      await page.getByRole("button", { name: "Hide labels" }).waitFor();
    });
  });

  it("switches the theme's mode and accent and keeps the choice after a reload", async () => {
    await withPage({ signedIn: true }, async ({ page }) => {
      await page.goto("/dashboard/household");
      const html = page.locator("html");
      for (const [choice, scheme] of [
        ["Dark", "dark"],
        ["Green", "dark"],
        ["Light", "light"],
        ["Purple", "light"],
        ["Blue", "light"],
      ] as const) {
        await page.getByRole("button", { name: /theme/i }).click();
        await page.getByRole("menuitemradio", { name: choice }).click();
        await expect.poll(() => html.getAttribute("data-mantine-color-scheme")).toBe(scheme);
        await expectNoAxeViolations(page, `theme ${choice}`);
      }
      for (const choice of ["Dark", "Green"]) {
        await page.getByRole("button", { name: /theme/i }).click();
        await page.getByRole("menuitemradio", { name: choice }).click();
      }
      // The choice is the account's: kept after a reload, and on any other device.
      await expect
        .poll(async () => {
          const account = await (await page.context().request.get("/api/account/account")).json();
          return [account.themeMode, account.themeColor];
        })
        .toEqual(["dark", "green"]);
      await page.reload();
      await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
      await expect.poll(() => html.getAttribute("data-mantine-color-scheme")).toBe("dark");
      // A record's page in the dark: its red outline Delete button must read on the dark background.
      const saved = await page.context().request.post("/api/records/passwordvault/password", {
        headers: { origin: new URL(page.url()).origin },
        data: { accountNickname: "Bank login", password: "correct horse battery staple" },
      });
      expect(saved.status()).toBe(200);
      await page.goto(`/dashboard/passwordvault/password/view/${await saved.json()}`);
      await page.getByRole("button", { name: "Delete" }).waitFor();
      await expectNoAxeViolations(page, "a record's view in the dark theme");
    });
  });

  it("shows the Terms of Use and the Data Privacy Policy, each with a Go Back button", async () => {
    await withPage({}, async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.goto("/terms-of-use");
      for (const section of ["Privacy Statement", "Confidentiality", "Disclaimer", "Payment"]) {
        await page.getByRole("heading", { name: section }).waitFor();
      }
      await expectNoAxeViolations(page, "/terms-of-use");
      await page.getByRole("button", { name: "Go Back" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/login");

      await page.goto("/data-protect-policy");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectNoAxeViolations(page, "/data-protect-policy");
      await page.getByRole("button", { name: "Go Back" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    });
  });

  it("works on a 375 px phone: the menu opens from the burger and closes after navigating", async () => {
    await withPage({ width: 375, height: 740, signedIn: true }, async ({ page }) => {
      await page.goto("/dashboard/personaldata");
      await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
      await expectNoAxeViolations(page, "/dashboard/personaldata at 375 px");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(375);

      await page.getByRole("button", { name: /menu/i }).first().click();
      const link = sideMenu(page).getByRole("link", { name: "Assets, Insurance & Debts" });
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/dashboard/assets");
      await expect.poll(() => link.isVisible()).toBe(false);
      await expectNoAxeViolations(page, "/dashboard/assets at 375 px");

      await page.goto("/login");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectNoAxeViolations(page, "/login at 375 px");
    });
  });

  it("keeps a long form's Save clear of Go to Top once scrolled to the end", async () => {
    // A short window, so the form is long enough for the button to show.
    await withPage({ signedIn: true, height: 480 }, async ({ page }) => {
      await page.goto("/dashboard/inventory/will/add");
      const save = page.getByRole("button", { name: "Save", exact: true });
      await save.waitFor();
      // The form's last field (its documents), so the scroll reaches the end of the whole form.
      await page.getByRole("button", { name: "Upload File" }).waitFor();
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
      );
      const goToTop = page.getByRole("button", { name: "Go to Top" });
      await goToTop.waitFor();
      // Wait for the button's slide-in to end, then compare where both are drawn.
      await expect
        .poll(() => goToTop.evaluate((button) => getComputedStyle(button).transform))
        .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
      const [saveBox, topBox] = [await save.boundingBox(), await goToTop.boundingBox()];
      if (!saveBox || !topBox) throw new Error("both buttons are drawn");
      expect(saveBox.y + saveBox.height, "Save ends above Go to Top").toBeLessThanOrEqual(topBox.y);
    });
  });

  it("answers an unknown page with a translated not-found page", async () => {
    await withPage({}, async ({ page }) => {
      await page.goto("/no-such-page");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectNoAxeViolations(page, "not found");
    });
  });
});
