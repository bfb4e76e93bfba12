/**
 * `npm run screenshots`: PNGs of the main screens of the built app, for a look at every screen in
 * both languages, at phone and desktop width, in the light and the dark theme. It starts the
 * production bundle as the browser tests do (e2e/support/server.ts), makes the accounts through the
 * real API (e2e/support/accounts.ts), fills a demo file, and writes `<screen>.<lang>.<width>.<theme>.png`
 * (full pages) to screenshots/, which is not committed. It builds nothing: `npm run build` first.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import { categoryDef } from "../domain/sections/index.ts";
import { createdId, signedInAccount, signedInPlatformAdmin } from "../e2e/support/accounts.ts";
import { launchBrowser } from "../e2e/support/browser.ts";
import { startServer } from "../e2e/support/server.ts";
import { makePdf } from "../server/testing/document-files.ts";
import type { SampleRefs } from "../server/testing/record-samples.ts";
import { sampleRecord } from "../server/testing/record-samples.ts";

const root = resolve(import.meta.dirname, "..");
const OUT = join(root, "screenshots");
const LANGUAGES = ["en", "fr"] as const;
const WIDTHS = [375, 1280] as const;
/** The account's theme key for each look the screenshots name. */
const THEMES = { light: "default", dark: "dark" } as const;
type Look = keyof typeof THEMES;

if (!existsSync(join(root, "dist/server.mjs")) || !existsSync(join(root, "dist/web/index.html"))) {
  console.error("dist/ is missing: run `npm run build` first, then `npm run screenshots`.");
  process.exit(1);
}

/** The demo file's ids that screens' paths need. */
type Demo = { will: string };

/** Sample records' references, each made once in the owner's file. */
function demoRefs(request: APIRequestContext, baseURL: string): SampleRefs {
  const made = new Map<string, Promise<string>>();
  const once = (key: string, make: () => Promise<string>) => {
    const found = made.get(key) ?? make();
    made.set(key, found);
    return found;
  };
  const created = (url: string, data: object) => createdId(request, baseURL, url, data);
  const refs: SampleRefs = {
    person: (groups) => {
      const group = groups?.find((candidate) => candidate !== "me");
      if (group === undefined) {
        return once("me", async () => (await (await request.get("/api/pn/person")).json()).id);
      }
      return once(`person:${group}`, () =>
        created("/api/pn/person", { group, mainDetails: { firstName: "Sam", lastName: "Sample" } }),
      );
    },
    address: () => once("address", () => created("/api/address/", { name: "Home", country: "CA" })),
    institution: () => once("institution", () => created("/api/institutions/", { name: "Desjardins" })),
    record: (categories) => {
      throw new Error(`no sample record for ${categories.join(", ")}`);
    },
  };
  return refs;
}

/** A few records in several modules, persons, a document, a nominee, and a share received. */
async function fillDemoFile(
  ownerAccount: { context: BrowserContext; email: string },
  friendAccount: { context: BrowserContext; email: string },
  baseURL: string,
): Promise<Demo> {
  const owner = ownerAccount.context;
  const friend = friendAccount.context;
  const headers = { origin: baseURL };
  const created = (context: BrowserContext, url: string, data: object) =>
    createdId(context.request, baseURL, url, data);
  const me = (await (await owner.request.get("/api/pn/person")).json()) as { id: string };
  const executor = await created(owner, "/api/pn/person", {
    group: "advisor",
    type: "executor",
    mainDetails: { firstName: "Eddie", lastName: "Executor" },
    contactDetails: { phones: [{ number: "+15145550142", type: "mobile" }], emails: ["eddie@example.com"] },
  });
  await created(owner, "/api/pn/person", {
    group: "child",
    type: "daughter",
    mainDetails: { firstName: "Chloé", lastName: "Owner" },
  });
  const will = await created(owner, "/api/records/inventory/will", {
    holder: me.id,
    willType: "notarial",
    date: Date.UTC(2024, 2, 1),
    executors: [executor],
    originalLocation: "homeSafe",
    locationDetails: "Grey safe behind the study door",
  });
  await created(owner, "/api/records/passwordvault/password", {
    accountNickname: "Gmail",
    password: "correct horse battery",
    username: "olivia",
  });
  const refs = demoRefs(owner.request, baseURL);
  for (const key of ["passport", "creditcard", "vehicle"] as const) {
    const category = categoryDef(key);
    await created(owner, `/api/records/${category.module}/${key}`, await sampleRecord(category, refs));
  }
  const document = await created(owner, "/api/documents", {
    module: "inventory",
    type: "documentlibrary",
    description: "Deed of the house",
    libraryDocType: "other",
  });
  const upload = await owner.request.post(`/api/documents/inventory/documentlibrary/${document}/upload`, {
    headers,
    multipart: { file: { name: "deed.pdf", mimeType: "application/pdf", buffer: makePdf("The deed") } },
  });
  if (upload.status() !== 200) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);

  // The owner names the friend a nominee, and the friend shares a file with the owner.
  await created(owner, "/api/shared/nominees", {
    firstName: "Nora",
    lastName: "Nominee",
    email: friendAccount.email,
    scope: { modules: ["inventory"], categories: [] },
    release: "now",
  });
  const share = await created(friend, "/api/shared/nominees", {
    firstName: "Olivia",
    lastName: "Owner",
    email: ownerAccount.email,
    scope: { modules: ["personaldata"], categories: [] },
    release: "now",
  });
  const accepted = await owner.request.post(`/api/shared/nominee/${share}/accept`, { headers });
  if (accepted.status() !== 200) throw new Error(`accept: ${accepted.status()} ${await accepted.text()}`);
  return { will };
}

/** Waits until the screen is drawn: the network quiet and no loader left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll("[aria-busy='true'], .mantine-Loader-root")].every(
          (element) => (element as HTMLElement).offsetParent === null,
        ),
      null,
      { timeout: 15_000 },
    )
    .catch(() => console.warn(`  a loader is still showing on ${page.url()}`));
  // Transitions (a drawer, a fading notification) end.
  await page.waitForTimeout(400);
}

async function shoot(page: Page, screen: string, path: string, name: string): Promise<void> {
  await page.goto(path);
  await settled(page);
  await page.screenshot({ path: join(OUT, `${screen}.${name}.png`), fullPage: true });
}

/** Every screen of `screens` for one signed-in context, in each language, width and look. */
async function shootAll(
  context: BrowserContext,
  baseURL: string,
  screens: readonly (readonly [string, string])[],
): Promise<void> {
  const page = await context.newPage();
  for (const lang of LANGUAGES) {
    for (const look of Object.keys(THEMES) as Look[]) {
      const saved = await context.request.post("/api/account/save", {
        headers: { origin: baseURL },
        data: { lang, themeColor: THEMES[look] },
      });
      if (saved.status() !== 200) throw new Error(`account/save: ${saved.status()}`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
        for (const [screen, path] of screens) await shoot(page, screen, path, `${lang}.${width}.${look}`);
      }
    }
  }
  await page.close();
}

/** The sign-in page, signed out: language and look as the browser remembers them. */
async function shootLogin(browser: Browser, baseURL: string): Promise<void> {
  for (const lang of LANGUAGES) {
    for (const look of Object.keys(THEMES) as Look[]) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: width < 600 ? 812 : 800 },
          locale: lang === "fr" ? "fr-CA" : "en-CA",
          colorScheme: look,
        });
        await context.addInitScript(
          ([language, theme]) => {
            localStorage.setItem("kinfile.lang", language);
            localStorage.setItem("kinfile.theme", theme);
          },
          [lang, THEMES[look]] as const,
        );
        const page = await context.newPage();
        await shoot(page, "login", "/login", `${lang}.${width}.${look}`);
        await context.close();
      }
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const baseURL = server.url;
    const newContext = () => browser.newContext({ baseURL });
    const [owner, friend, admin] = await Promise.all([newContext(), newContext(), newContext()]);
    const ownerAccount = await signedInAccount(owner, baseURL, { name: "Olivia Owner" });
    const friendAccount = await signedInAccount(friend, baseURL, { name: "Nora Nominee" });
    await signedInPlatformAdmin(admin.request, baseURL, server.dataDir);
    const company = await owner.request.post("/api/b2b/company", {
      headers: { origin: baseURL },
      data: { name: "Owner & Daughters Ltd", email: "hr@owner.example" },
    });
    if (company.status() !== 200) throw new Error(`company: ${company.status()} ${await company.text()}`);
    const demo = await fillDemoFile(
      { context: owner, email: ownerAccount.email },
      { context: friend, email: friendAccount.email },
      baseURL,
    );
    console.log(`Shooting into ${OUT} …`);

    await shootLogin(browser, baseURL);
    await shootAll(owner, baseURL, [
      ["home", "/dashboard"],
      ["module", "/dashboard/inventory"],
      ["list", "/dashboard/inventory/will"],
      ["record", `/dashboard/inventory/will/view/${demo.will}`],
      ["form", "/dashboard/inventory/will/add"],
      ["library", "/dashboard/inventory/documentlibrary"],
      ["shared-by-me", "/dashboard/shared-data/shared-by-me"],
      ["shared-with-me", "/dashboard/shared-data/shared-with-me"],
      ["my-account", "/dashboard/manage-account"],
      ["b2b", "/b2b"],
    ]);
    await shootAll(admin, baseURL, [["admin", "/admin"]]);
    console.log(`Done: ${OUT}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
