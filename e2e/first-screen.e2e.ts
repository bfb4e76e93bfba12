/**
 * The sign-in page arrives drawn (prerender.config.ts) and the app takes it over (main.tsx):
 * what is typed before the start-up script has run is what signs in, in English and French,
 * without a hydration error; and a reader whose stored theme or language is not the page's never
 * sees the page sent, only the one the app draws for them.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { THEME_LOOK, THEMES } from "../domain/catalog/themes.ts";
import enAuth from "../public/locales/en/auth.json" with { type: "json" };
import frAuth from "../public/locales/fr/auth.json" with { type: "json" };
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

/** Holds the start-up script until `release()`: until then the page is only the HTML sent. */
async function holdStartUpScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The account, then a context of its own that is not signed in (the page would end it anyway). */
async function accountFor(context: BrowserContext) {
  const account = await signedInAccount(context, baseURL);
  await context.clearCookies();
  return account;
}

describe("the sign-in page sent drawn", () => {
  it.each([
    ["en-CA", enAuth],
    ["fr-CA", frAuth],
  ])("signs in (%s) with what was typed before the script ran", async (locale, auth) => {
    const { page, context, consoleErrors } = await pages.open({ locale });
    try {
      const account = await accountFor(context);
      const release = await holdStartUpScript(page);
      await page.goto("/login", { waitUntil: "commit" });
      await page.getByRole("heading", { name: auth.login.heading }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe(locale.slice(0, 2));
      const submit = page.getByRole("button", { name: auth.login.submit, exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel(auth.fields.email, { exact: true }).fill(account.email);
      await page.getByLabel(auth.fields.password, { exact: true }).fill(account.password);
      // Taken over, not drawn again: the form the reader typed into is still the same element.
      await page.locator("form").evaluate((form) => form.setAttribute("data-typed-into", ""));

      release();
      await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await page.locator("form[data-typed-into]").count()).toBe(1);
      await submit.click();
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
        .toBe("/dashboard/personal-network/personal-details");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("hides the page sent from a reader who chose another theme or language, and draws theirs, axe clean", async () => {
    const readers: Array<{ stored: Record<string, string>; scheme: string; heading: string }> = [
      { stored: { "kinfile.lang": "fr" }, scheme: "light", heading: frAuth.login.heading },
      ...THEMES.map((theme) => ({
        stored: { "kinfile.theme": theme },
        scheme: THEME_LOOK[theme].colorScheme,
        heading: enAuth.login.heading,
      })),
    ];
    for (const { stored, scheme, heading } of readers) {
      const { page, context, consoleErrors } = await pages.open({ locale: "en-CA" });
      try {
        await context.addInitScript((items) => {
          for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        }, stored);
        const release = await holdStartUpScript(page);
        await page.goto("/login", { waitUntil: "commit" });
        await page.locator("form").waitFor({ state: "attached" });
        const hidden = await page
          .locator("#root")
          .evaluate((root) => getComputedStyle(root).visibility === "hidden");
        // Only the default theme in the page's language fits the page sent.
        expect(hidden, JSON.stringify(stored)).toBe(stored["kinfile.theme"] !== "default");
        // The stored theme's colour scheme from the first paint: no light background before a dark page.
        expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);

        release();
        await page.getByRole("heading", { name: heading }).waitFor();
        await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);
        expect(await page.locator("#root").evaluate((root) => getComputedStyle(root).visibility)).toBe(
          "visible",
        );
        await expectNoAxeViolations(page, `/login with ${JSON.stringify(stored)}`);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
