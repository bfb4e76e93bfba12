/**
 * The sign-in page arrives drawn (web/prerender-plugin.ts) and its own small entry takes it over
 * (app/signInIsland.tsx), never the app's: what is typed before that script has run is what signs
 * in, in English and French, without a hydration error, and signing in (with or without the
 * two-step code) or following a link loads the next page in full, which the app then draws; and a
 * reader whose stored theme or language is not the page's never sees the page sent, only the one
 * the island draws for them. The signed-in landing screen arrives drawn too, as it looks while its
 * data loads, and the app takes its place once it has drawn it anew.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEFAULT_THEME, THEME_SAMPLES, themeAccountFields, themeKey } from "../domain/catalog/themes.ts";
import enAuth from "../public/locales/en/auth.json" with { type: "json" };
import frAuth from "../public/locales/fr/auth.json" with { type: "json" };
import { totp, totpSecretOf } from "../server/testing/totp.ts";
import { E2E_PASSWORD, signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

/** The app's start-up script, and the sign-in page's own. */
const APP_SCRIPT = /\/assets\/index-[^/]*\.js$/;
const ISLAND_SCRIPT = /\/assets\/signInIsland-[^/]*\.js$/;

/** The one stored theme the page sent fits: the default accent in light (the browser's scheme here). */
const FITTING_THEME = themeKey({ mode: "light", accent: DEFAULT_THEME.accent });

/** Holds the page's script until `release()`: until then the page is only the HTML sent. */
async function holdStartUpScript(page: Page, script = ISLAND_SCRIPT): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Counts the requests for the app's start-up script from now on. */
function countAppScriptRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (APP_SCRIPT.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

/**
 * Marks the document now shown; `stillSameDocument()` is then false once another has replaced it
 * (a full page load), true while the same one only changed its address.
 */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => document.documentElement.setAttribute("data-first-document", ""));
  return () => page.evaluate(() => document.documentElement.hasAttribute("data-first-document"));
}

/** Saves the account's language or theme, as after choosing it in the header. */
async function saveAccount(
  context: BrowserContext,
  data: { lang?: string; themeColor?: string; themeMode?: string },
) {
  const saved = await context.request.post("/api/account/save", { headers: { origin: baseURL }, data });
  expect(saved.status()).toBe(200);
}

/** Waits until the app has drawn the screen titled `title` and its drawing sent by the server is gone. */
async function takenOver(page: Page, title: string) {
  await page.locator("#root").getByRole("heading", { name: title, level: 1 }).waitFor();
  expect(await page.locator("#drawn-screen").count()).toBe(0);
  expect(await page.locator("h1").count()).toBe(1);
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
      const appScriptRequests = countAppScriptRequests(page);
      await page.goto("/login", { waitUntil: "commit" });
      await page.getByRole("heading", { name: auth.login.heading }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe(locale.slice(0, 2));
      // The tab says which page it is, in the page's language, before any script.
      expect(await page.title()).toBe(`${auth.login.title} · Kinfile`);
      const submit = page.getByRole("button", { name: auth.login.submit, exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel(auth.fields.email, { exact: true }).fill(account.email);
      await page.getByLabel(auth.fields.password, { exact: true }).fill(account.password);
      // Taken over, not drawn again: the form the reader typed into is still the same element.
      await page.locator("form").evaluate((form) => form.setAttribute("data-typed-into", ""));

      release();
      await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await page.locator("form[data-typed-into]").count()).toBe(1);
      // The island took the page over: the app's start-up script was never asked for.
      expect(appScriptRequests()).toBe(0);
      const stillSameDocument = await markDocument(page);
      await submit.click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/dashboard");
      // Loaded in full, where the app draws the signed-in page.
      await page.getByRole("main").waitFor();
      expect(await stillSameDocument()).toBe(false);
      expect(appScriptRequests()).toBe(1);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("signs in with the two-step code, then loads the signed-in page in full", async () => {
    const { page, context, consoleErrors } = await pages.open({ locale: "en-CA" });
    try {
      const account = await signedInAccount(context, baseURL);
      const headers = { origin: baseURL };
      const setup = await context.request.post("/api/auth/two-factor/enable", {
        headers,
        data: { password: E2E_PASSWORD },
      });
      expect(setup.status()).toBe(200);
      const { totpURI, backupCodes } = (await setup.json()) as { totpURI: string; backupCodes: string[] };
      const confirmed = await context.request.post("/api/auth/two-factor/verify-totp", {
        headers,
        data: { code: totp(totpSecretOf(totpURI)) },
      });
      expect(confirmed.status()).toBe(200);
      await context.clearCookies();

      await page.goto("/login");
      const submit = page.getByRole("button", { name: enAuth.login.submit, exact: true });
      await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
      const stillSameDocument = await markDocument(page);
      await page.getByLabel(enAuth.fields.email, { exact: true }).fill(account.email);
      await page.getByLabel(enAuth.fields.password, { exact: true }).fill(account.password);
      await submit.click();
      await page.getByRole("heading", { name: enAuth.twoFactor.heading }).waitFor();
      expect(await page.title()).toBe(`${enAuth.twoFactor.heading} · Kinfile`);
      // A backup code: the authenticator's code of this half-minute was just used to turn it on.
      await page.getByRole("button", { name: enAuth.twoFactor.useBackup }).click();
      await page.getByLabel(enAuth.twoFactor.backupCode).fill(backupCodes[0] ?? "");
      await page.getByRole("button", { name: enAuth.twoFactor.submit, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/dashboard");
      await page.getByRole("main").waitFor();
      expect(await stillSameDocument()).toBe(false);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("opens a page it links to in full, which the app draws", async () => {
    const { page, context, consoleErrors } = await pages.open({ locale: "fr-CA" });
    try {
      await page.goto("/login");
      const submit = page.getByRole("button", { name: frAuth.login.submit, exact: true });
      await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
      const stillSameDocument = await markDocument(page);
      await page.getByRole("link", { name: frAuth.login.forgot }).click();
      await page.getByRole("heading", { name: frAuth.forgot.heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/forgot-password");
      expect(await stillSameDocument()).toBe(false);
      // The load took the place of the island's own step in the history: back is the sign-in page.
      await page.goBack();
      await page.getByRole("heading", { name: frAuth.login.heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("hides the page sent from a reader who chose another theme or language, and draws theirs, axe clean", async () => {
    const readers: Array<{ stored: Record<string, string>; scheme: string; heading: string }> = [
      { stored: { "kinfile.lang": "fr" }, scheme: "light", heading: frAuth.login.heading },
      ...THEME_SAMPLES.map((theme) => ({
        stored: { "kinfile.theme": themeKey(theme) },
        scheme: theme.mode,
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
        // Only the default accent in the light scheme and the page's language fits the page sent.
        expect(hidden, JSON.stringify(stored)).toBe(stored["kinfile.theme"] !== FITTING_THEME);
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

describe("a signed-in screen loaded in full", () => {
  it.each([
    ["en-CA", "Welcome to your family file"],
    ["fr-CA", "Bienvenue dans votre dossier familial"],
  ])(
    "asks ahead (%s) for what its frame and screen run, and fetches each of them once",
    async (locale, title) => {
      const { page, context, consoleErrors } = await pages.open({ locale });
      try {
        await signedInAccount(context, baseURL);
        // The account's language is the reader's, as after choosing it in the header.
        await saveAccount(context, { lang: locale.slice(0, 2) });
        const requested = new Map<string, number>();
        page.on("request", (request) => {
          const path = new URL(request.url()).pathname;
          requested.set(path, (requested.get(path) ?? 0) + 1);
        });
        const release = await holdStartUpScript(page, APP_SCRIPT);
        await page.goto("/dashboard", { waitUntil: "commit" });
        // Before any script of the app has run: the screen as the server sent it, in the reader's
        // language, shown but inert (the app's drawing is the one used).
        const drawn = page.locator("#drawn-screen");
        await drawn.locator("h1").waitFor();
        expect(await drawn.locator("h1").textContent()).toBe(title);
        expect(await drawn.getAttribute("inert")).not.toBeNull();
        expect(await drawn.getAttribute("aria-hidden")).toBe("true");
        expect(await page.locator("#root").innerHTML()).toBe("");

        release();
        // The app's drawing has taken its place: one screen, one heading.
        await takenOver(page, title);
        await page.waitForLoadState("networkidle");
        const ahead = await page
          .locator('link[rel="modulepreload"], link[rel="preload"]')
          .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
        // The frame's chunks, the screen's, and their translations in the reader's language.
        expect(ahead.some((path) => /\/assets\/DashboardLayout-[^/]*\.js$/.test(path))).toBe(true);
        expect(ahead.some((path) => /\/assets\/HomePage-[^/]*\.js$/.test(path))).toBe(true);
        expect(ahead).toContain(`/locales/${locale.slice(0, 2)}/home.json`);
        // Each file asked for ahead is the one the app then uses: never fetched a second time.
        for (const path of ahead) expect(requested.get(path), path).toBe(1);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it("hides the landing screen sent from a reader who chose another theme, and draws theirs, axe clean", async () => {
    for (const sample of THEME_SAMPLES) {
      const theme = themeKey(sample);
      const { page, context, consoleErrors } = await pages.open({ locale: "en-CA" });
      try {
        await signedInAccount(context, baseURL);
        // The account's theme is the one this browser keeps, as after choosing it in the header.
        await saveAccount(context, themeAccountFields(sample));
        await context.addInitScript((chosen) => localStorage.setItem("kinfile.theme", chosen), theme);
        const release = await holdStartUpScript(page, APP_SCRIPT);
        await page.goto("/dashboard", { waitUntil: "commit" });
        const drawn = page.locator("#drawn-screen");
        await drawn.locator("h1").waitFor({ state: "attached" });
        const hidden = await drawn.evaluate((element) => getComputedStyle(element).visibility === "hidden");
        expect(hidden, theme).toBe(theme !== FITTING_THEME);

        release();
        await takenOver(page, "Welcome to your family file");
        await expect
          .poll(() => page.locator("html").getAttribute("data-mantine-color-scheme"))
          .toBe(sample.mode);
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page, `/dashboard in the ${theme} theme`);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("sends a record's add form drawn, which the app replaces with the form", async () => {
    const { page, context, consoleErrors } = await pages.open({ locale: "fr-CA" });
    try {
      await signedInAccount(context, baseURL);
      await saveAccount(context, { lang: "fr" });
      const release = await holdStartUpScript(page, APP_SCRIPT);
      await page.goto("/dashboard/personaldata/passport/add", { waitUntil: "commit" });
      const drawn = page.locator("#drawn-screen");
      await drawn.locator("h1").waitFor();
      expect(await drawn.locator("h1").textContent()).toBe("Ajouter : Passeport");
      expect(await page.title()).toBe("Ajouter : Passeport · Kinfile");

      release();
      await takenOver(page, "Ajouter : Passeport");
      await page.getByRole("textbox", { name: /Numéro de passeport/ }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
