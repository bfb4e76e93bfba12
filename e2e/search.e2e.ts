/**
 * The shell's search: Ctrl+K and "/" open it, typing finds a record and a person grouped by module
 * with the matched words marked, the arrows and Enter open a result's page; its empty state; axe in
 * the three themes and at 375 px, where the header's search icon opens it.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { THEME_SAMPLES, themeKey } from "../domain/catalog/themes.ts";
import { createdId, signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const created = (context: BrowserContext, url: string, data: object) =>
  createdId(context.request, baseURL, url, data);

const searchBox = (page: Page) => page.getByPlaceholder("Search persons, places, records and documents");

describe("the shell's search", () => {
  it("finds, groups, marks and opens with the keyboard, in every theme and on a phone", async () => {
    const checked = await pages.open({});
    const { page, context } = checked;
    try {
      await signedInAccount(context, baseURL);
      const vault = await created(context, "/api/records/passwordvault/password", {
        accountNickname: "Hydro Québec",
        password: "never-shown-1",
      });
      const person = await created(context, "/api/pn/person", {
        group: "child",
        type: "son",
        mainDetails: { firstName: "Éric", lastName: "Lefèvre" },
      });

      await page.goto("/dashboard/personal-network");
      await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
      await page.keyboard.press("Control+K");
      await searchBox(page).waitFor();
      await page.getByText("Type at least 2 characters.").waitFor();
      await searchBox(page).fill("hydro");
      const hit = page.getByRole("button", { name: /Hydro Québec/ });
      await hit.waitFor();
      await page.getByRole("heading", { name: "Password Vault", level: 3 }).waitFor();
      expect(await page.locator("mark").allTextContents()).toContain("Hydro");
      expect(await page.getByText("never-shown-1").count()).toBe(0);
      await expectNoAxeViolations(page, "search results");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect
        .poll(() => new URL(page.url()).pathname)
        .toBe(`/dashboard/passwordvault/password/view/${vault}`);

      // "/" outside a text field opens it again; accents and case do not matter. The spotlight
      // closes with a short transition, its field focused till the end: a "/" typed before then
      // goes into that field, as it would for a person.
      await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
      await searchBox(page).waitFor({ state: "hidden" });
      await page.keyboard.press("/");
      await searchBox(page).fill("ERIC lef");
      await page.getByRole("heading", { name: "Personal Network", level: 3 }).waitFor();
      await page.getByRole("button", { name: /Éric Lefèvre/ }).click();
      await expect
        .poll(() => new URL(page.url()).pathname)
        .toBe(`/dashboard/personal-network/child/view/${person}`);

      for (const sample of THEME_SAMPLES) {
        const theme = themeKey(sample);
        await page.evaluate((key) => localStorage.setItem("kinfile.theme", key), theme);
        await page.reload();
        await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
        await page.keyboard.press("Control+K");
        await searchBox(page).fill("zebra");
        await page.getByText("No results for “zebra”.").waitFor();
        await expectNoAxeViolations(page, `search, nothing found, ${theme} theme`);
        await searchBox(page).fill("hydro");
        await page.getByRole("button", { name: /Hydro Québec/ }).waitFor();
        await expectNoAxeViolations(page, `search results, ${theme} theme`);
        await page.keyboard.press("Escape");
        await searchBox(page).waitFor({ state: "hidden" });
      }

      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await searchBox(page).fill("hydro");
      await page.getByRole("button", { name: /Hydro Québec/ }).waitFor();
      await expectFitsPhone(page, "search results");
      expect(checked.consoleErrors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  });
});
