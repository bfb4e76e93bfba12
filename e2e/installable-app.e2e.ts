/**
 * The installable app on a 375 px phone: Chromium itself says the built app can be installed
 * (DevTools' Page.getInstallabilityErrors, what Lighthouse's retired PWA check asked), its service
 * worker takes charge, offline the cached shell says so in the reader's language with nothing of
 * the API kept on the device, and a photo or PDF shared from the phone lands in the Documents
 * Library's add page, after signing in if need be, and is gone from the device once taken.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { THEME_SAMPLES, themeAccountFields, themeKey } from "../domain/catalog/themes.ts";
import { E2E_PASSWORD, signedInAccount } from "./support/accounts.ts";
import {
  browserPages,
  CHROMIUM_ARGS,
  chromiumPath,
  expectNoAxeViolations,
  horizontalOverflow,
} from "./support/browser.ts";
import { WILL_PDF_NAME, willPdf } from "./support/will.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const PHONE = { width: 375, height: 812 };
const SHARE_CACHE = "kinfile-shared-file";
const OFFLINE_EN = /^You are offline\./;
const OFFLINE_FR = /^Vous êtes hors ligne\./;

/**
 * Waits until the service worker is active and controls the page, or says it did not within 20 s
 * (a worker whose install failed never becomes ready).
 */
async function serviceWorkerInCharge(page: Page): Promise<string> {
  return page.evaluate(() => {
    const inCharge = (async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((done) =>
          navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }),
        );
      }
      return registration.active?.scriptURL ?? "";
    })();
    const late = new Promise<string>((done) =>
      setTimeout(() => done("no service worker within 20 s"), 20_000),
    );
    return Promise.race([inCharge, late]);
  });
}

/** Every URL the page's origin keeps in Cache Storage. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/**
 * What a phone's share sheet does with the manifest's share_target: a navigation that POSTs the
 * file as multipart form data to /share-target.
 */
async function shareFromPhone(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.evaluate(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const form = document.createElement("form");
      form.method = "post";
      form.enctype = "multipart/form-data";
      form.action = "/share-target";
      const input = document.createElement("input");
      input.type = "file";
      input.name = "file";
      const files = new DataTransfer();
      files.items.add(new File([bytes], name, { type: mimeType }));
      input.files = files.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString("base64") },
  );
}

async function openInstalledApp(context: BrowserContext, page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  expect(await serviceWorkerInCharge(page)).toBe(`${baseURL}/sw.js`);
  expect(context.serviceWorkers().length).toBeGreaterThan(0);
}

describe("the installable app", () => {
  it("is installable by Chromium's own check, with its manifest and icons served", async () => {
    // Chromium never offers to install from an incognito profile, which is what a test browser's
    // contexts are: this check runs in a profile on disk.
    const profile = mkdtempSync(join(tmpdir(), "kinfile-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      baseURL,
      viewport: PHONE,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await openInstalledApp(context, page, "/login");
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      const { errors } = await cdp.send("Page.getAppManifest");
      expect(errors).toEqual([]);

      const manifest = await context.request.get("/manifest.webmanifest");
      expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
      const body = await manifest.json();
      expect(body).toMatchObject({ name: "Kinfile", lang: "en", display: "standalone", start_url: "/" });
      for (const icon of body.icons as Array<{ src: string; sizes: string }>) {
        const png = await context.request.get(icon.src);
        expect(png.headers()["content-type"], icon.src).toBe("image/png");
      }
      expect(body.icons.map((icon: { purpose: string }) => icon.purpose)).toContain("maskable");
      const worker = await context.request.get("/sw.js");
      expect(worker.headers()["cache-control"]).toBe("no-cache");
      expect(worker.headers()["content-security-policy"]).toContain("worker-src 'self'");
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 120_000);

  it("offline, opens its shell and says it is offline, with nothing of the API kept", async () => {
    const { page, context } = await pages.open(PHONE);
    try {
      await signedInAccount(context, baseURL, { name: "Ines Moreau" });
      await openInstalledApp(context, page, "/dashboard/personal-network");
      expect(await page.getByText(OFFLINE_EN).count()).toBe(0);

      // Only what is asked offline counts: a call the dashboard made online may still be answering
      // (its late parts, drawn after the tiles, ask for theirs) as the network goes.
      await context.setOffline(true);
      const askedOffline = new Set<Request>();
      page.on("request", (request) => askedOffline.add(request));
      const servedWhileOffline: string[] = [];
      page.on("response", (response) => {
        const api = new URL(response.url()).pathname.startsWith("/api/");
        if (api && askedOffline.has(response.request())) servedWhileOffline.push(response.url());
      });
      await page.reload();
      await page.getByText(OFFLINE_EN).waitFor();
      for (const sample of THEME_SAMPLES) {
        const theme = themeKey(sample);
        await page.evaluate((key) => localStorage.setItem("kinfile.theme", key), theme);
        await page.reload();
        await page.getByText(OFFLINE_EN).waitFor();
        await expectNoAxeViolations(page, `offline notice, ${theme} theme`);
      }
      expect(await horizontalOverflow(page)).toBe(0);
      await page.evaluate(() => localStorage.setItem("kinfile.lang", "fr"));
      await page.reload();
      await page.getByText(OFFLINE_FR).waitFor();
      // The API never answered from a cache: no response came back offline, and no cache holds one.
      expect(servedWhileOffline).toEqual([]);
      const cached = await cachedUrls(page);
      expect(cached.length).toBeGreaterThan(0);
      expect(cached.filter((url) => /\/(api|locales)\//.test(new URL(url).pathname))).toEqual([]);

      await context.setOffline(false);
      await page.reload();
      await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByText(OFFLINE_FR).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("takes a PDF shared from the phone into the Documents Library, once", async () => {
    const { page, context, consoleErrors } = await pages.open(PHONE);
    try {
      await signedInAccount(context, baseURL, { name: "Hugo Lambert" });
      await openInstalledApp(context, page, "/dashboard/personal-network");
      const headers = { origin: baseURL };
      for (const sample of THEME_SAMPLES) {
        const theme = themeKey(sample);
        expect(
          (
            await context.request.post("/api/account/save", { headers, data: themeAccountFields(sample) })
          ).status(),
        ).toBe(200);
        await shareFromPhone(page, willPdf());
        await page
          .getByText(`The file shared from your phone, ${WILL_PDF_NAME}, is ready below.`, { exact: false })
          .waitFor();
        expect(new URL(page.url()).pathname).toBe("/dashboard/inventory/documentlibrary/add");
        await page.getByRole("group", { name: "Chosen file" }).getByText(WILL_PDF_NAME).waitFor();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page, `shared file on the add page, ${theme} theme`);
      }
      // Taken: the device no longer holds it, and opening the page again finds nothing.
      expect(await page.evaluate((name) => caches.has(name), SHARE_CACHE)).toBe(false);

      await shareFromPhone(page, willPdf());
      await page.getByRole("group", { name: "Chosen file" }).getByText(WILL_PDF_NAME).waitFor();
      await page.getByLabel(/^Description/).fill("Will, shared from the phone");
      await page.getByRole("combobox", { name: /^Document type/ }).selectOption("wishes");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved. File has been added to your Document Library").waitFor();
      await page.goto("/dashboard/inventory/documentlibrary");
      await page.getByRole("link", { name: `Download ${WILL_PDF_NAME}` }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);

      await page.goto("/dashboard/inventory/documentlibrary/add?shared=1");
      await page.getByText("Nothing was received from the share").waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("keeps a file shared while signed out until the owner has signed in", async () => {
    const owner = await (async () => {
      const { context } = await pages.open(PHONE);
      try {
        return await signedInAccount(context, baseURL, { name: "Lea Girard" });
      } finally {
        await context.close();
      }
    })();
    const { page, context } = await pages.open(PHONE);
    try {
      await openInstalledApp(context, page, "/login");
      expect(await horizontalOverflow(page)).toBe(0);
      await shareFromPhone(page, willPdf());
      await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
      await page.getByLabel("Email", { exact: true }).fill(owner.email);
      await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("group", { name: "Chosen file" }).getByText(WILL_PDF_NAME).waitFor();
      expect(new URL(page.url()).pathname).toBe("/dashboard/inventory/documentlibrary/add");
      expect(await page.evaluate((name) => caches.has(name), SHARE_CACHE)).toBe(false);
    } finally {
      await context.close();
    }
  }, 180_000);
});
