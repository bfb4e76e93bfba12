/**
 * The home (issue 33): a new account lands on it, sees its progress and what to do first, each
 * step one click from its form; the progress follows a save and an "I don't have this" and its
 * undo; axe clean in the light and dark themes, and nothing scrolls sideways on a phone.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { THEME_SAMPLES, themeAccountFields, themeKey } from "../domain/catalog/themes.ts";
import { categoriesOf } from "../domain/sections/index.ts";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { startWill } from "./support/will.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const WELCOME = "Welcome to your family file";
const INVENTORY_TOTAL = categoriesOf("inventory").length;

const path = (page: Page) => new URL(page.url()).pathname;

/** The home as reached from the side menu's Home item, drawn with its file. */
async function openHomeFromMenu(page: Page): Promise<void> {
  await page
    .getByRole("navigation", { name: "Sections" })
    .getByRole("link", { name: "Home", exact: true })
    .click();
  await expect.poll(() => path(page)).toBe("/dashboard");
  await page.getByTestId("home-start").waitFor();
}

/** The inventory's ring card, "n of N sections". */
function inventoryProgress(page: Page) {
  return page.getByTestId("home-module-inventory").textContent();
}

describe("the home", () => {
  it("welcomes a new account at / with its progress and first steps, each one click from its form", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Hana Okafor" });
      await page.goto("/");
      await expect.poll(() => path(page), { timeout: 15_000 }).toBe("/dashboard");
      await page.getByRole("heading", { level: 1, name: WELCOME }).waitFor();
      await page.getByText("Your file is 0% complete").waitFor();
      expect(await page.title()).toBe("Home · Kinfile");

      const start = page.getByTestId("home-start");
      const steps = [
        ["Add your personal details", /^\/dashboard\/personal-network\/personal-details\/edit\/[^/]+$/],
        ["Add your Will", /^\/dashboard\/inventory\/will\/add$/],
        ["Add your Power of Attorney (POA) Health", /^\/dashboard\/inventory\/poahealth\/add$/],
        ["Add your Power of Attorney (POA) Finances", /^\/dashboard\/inventory\/poafinances\/add$/],
      ] as const;
      expect(await start.getByRole("link").allTextContents()).toEqual(steps.map(([name]) => name));
      for (const [name, form] of steps) {
        await start.getByRole("link", { name, exact: true }).click();
        await expect.poll(() => path(page), { timeout: 15_000 }).toMatch(form);
        await page.getByRole("button", { name: "Save", exact: true }).waitFor();
        await page.goBack();
        await page.getByTestId("home-start").waitFor();
      }

      // Each ring opens its module.
      await page.getByTestId("home-module-assets").click();
      await expect.poll(() => path(page)).toBe("/dashboard/assets");
      await openHomeFromMenu(page);

      for (const sample of THEME_SAMPLES) {
        // The account's theme and this browser's, as after choosing it in the header.
        const saved = await context.request.post("/api/account/save", {
          headers: { origin: baseURL },
          data: themeAccountFields(sample),
        });
        expect(saved.status()).toBe(200);
        const theme = themeKey(sample);
        await page.evaluate((chosen) => localStorage.setItem("kinfile.theme", chosen), theme);
        await page.reload();
        await page.getByTestId("home-start").waitFor();
        await expect
          .poll(() => page.locator("html").getAttribute("data-mantine-color-scheme"))
          .toBe(sample.mode);
        await expectNoAxeViolations(page, `the home in the ${theme} theme`);
      }
      await expectFitsPhone(page, "the home");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('follows a saved record and an "I don\'t have this" and its undo', async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Ines Laporte" });
      await page.goto("/dashboard");
      await page.getByTestId("home-start").waitFor();
      expect(await inventoryProgress(page)).toContain(`0 of ${INVENTORY_TOTAL} sections`);

      await startWill(page, "Ines Laporte");
      await page
        .getByRole("combobox", { name: /^Type of will/ })
        .selectOption({ label: "Formal will (signed before witnesses)" });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect
        .poll(() => path(page), { timeout: 15_000 })
        .toMatch(/^\/dashboard\/inventory\/will\/view\//);
      await openHomeFromMenu(page);
      await expect.poll(() => inventoryProgress(page)).toContain(`1 of ${INVENTORY_TOTAL} sections`);
      expect(await page.getByTestId("home-start").getByRole("link", { name: "Add your Will" }).count()).toBe(
        0,
      );

      // The module's empty card: "I don't have this", then its undo, each one click.
      await page.getByTestId("home-module-inventory").click();
      const livingWill = page.getByTestId("category-card-livingwill");
      await livingWill.getByText("0 records").waitFor();
      await expectNoAxeViolations(page, "the inventory's cards");
      await expectFitsPhone(page, "the inventory's cards");
      await livingWill.getByRole("button", { name: "I don't have this: Living Will" }).click();
      await livingWill.getByText("You don't have this").waitFor();
      await openHomeFromMenu(page);
      await expect.poll(() => inventoryProgress(page)).toContain(`1 of ${INVENTORY_TOTAL - 1} sections`);

      await page.getByTestId("home-module-inventory").click();
      await livingWill.getByRole("button", { name: 'Undo "I don\'t have this": Living Will' }).click();
      await livingWill.getByRole("link", { name: "Add to Living Will" }).waitFor();
      await openHomeFromMenu(page);
      await expect.poll(() => inventoryProgress(page)).toContain(`1 of ${INVENTORY_TOTAL} sections`);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
