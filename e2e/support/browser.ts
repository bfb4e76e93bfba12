/**
 * Browser helpers for the e2e suite: Debian's Chromium driven by playwright-core (nothing
 * downloads a browser), a page that records console errors, and an axe check.
 */
import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, onTestFailed } from "vitest";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath(): string {
  const found = CANDIDATES.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
  if (!found) {
    throw new Error(
      "Chromium is missing: install it (Debian/Ubuntu: `apt-get install -y chromium`) or set CHROMIUM_PATH.",
    );
  }
  return found;
}

/** Chromium's switches for every browser test (a profile of its own included). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // A headless browser still renders its omnibox's suggestion popup, a page of its own
  // (chrome://omnibox-popup.top-chrome), whose CPU is taken from the page under test: Puppeteer
  // turns it off too (puppeteer#15278). Chromium merges this list with the launcher's own.
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export type CheckedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

export type PageOptions = { width?: number; height?: number; locale?: string };

/** A fresh context and page whose console errors and page errors are collected for assertions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: PageOptions = {},
): Promise<CheckedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? "en-US",
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    // The browser itself logs every 4xx answer (the app asks whether a session exists, a refused
    // sign-in is shown to the user); those are the API answering, not faults of the page. 5xx stay.
    const refusal = /the server responded with a status of 4\d\d/.test(message.text());
    if (message.type() === "error" && !refusal) consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  reportOnFailure(context, page, consoleErrors);
  return { page, context, consoleErrors };
}

/**
 * When the test that opened the page fails, the log says where the page was and what it showed,
 * so a failure seen once in CI can be read without running it again. Tests close their contexts
 * before their failure is known, so the page is read as its context closes.
 */
function reportOnFailure(context: BrowserContext, page: Page, consoleErrors: readonly string[]): void {
  let lastSeen = "";
  const close = context.close.bind(context);
  context.close = async (options) => {
    lastSeen = await describePage(page);
    return close(options);
  };
  try {
    onTestFailed(async () => {
      const seen = page.isClosed() ? lastSeen : await describePage(page);
      console.error([seen, ...consoleErrors.map((error) => `[console] ${error}`)].join("\n"));
    });
  } catch {
    // Opened by a hook, outside any test: its failures are the hook's own.
  }
}

async function describePage(page: Page): Promise<string> {
  if (page.isClosed()) return "[page at failure] closed";
  const text = await page
    .locator("body")
    .innerText({ timeout: 2_000 })
    .catch(() => "(no text)");
  return `[page at failure] ${page.url()}\n${text.replace(/\s+/g, " ").slice(0, 1_500)}`;
}

/**
 * One Chromium for a test file, launched before its tests and closed after them; `open` gives a
 * fresh checked page on the suite's server (or on `baseURL`, for a server of the test's own).
 */
export function browserPages() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    open(options: PageOptions & { baseURL?: string } = {}): Promise<CheckedPage> {
      if (browser === undefined) throw new Error("the browser is launched in beforeAll");
      const { baseURL = inject("baseURL"), ...pageOptions } = options;
      return openPage(browser, baseURL, pageOptions);
    },
  };
}

/**
 * Runs axe (WCAG 2.1 A and AA rules) on the page and fails with a readable list. Transitions under
 * way (a toast fading in or out, a dialog opening) finish first: half-faded text would be judged on
 * a contrast nobody reads.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // A toast fading out is read by axe at part opacity, as text too faint: the page is checked once
  // its toasts (a few seconds each) have gone; one under the pointer waits for it to move away.
  await page.mouse.move(0, 0);
  await page.locator(".mantine-Notification-root").first().waitFor({ state: "detached", timeout: 10_000 });
  // Two frames first: what a click just opened has rendered and started its transitions by then.
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((done) => setTimeout(done, 2_000)),
    ]);
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** How many pixels the page is wider than its viewport (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The innermost elements reaching past the viewport's right edge, to say what made a page too wide. */
function widestElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Content scrolled inside its own box (a wide table's scroll container) is not the page's.
    const clipped = (element: Element): boolean => {
      for (let box = element.parentElement; box !== null && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible") return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > width + 1 && !clipped(element),
    );
    return past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => {
        const name = element.tagName.toLowerCase();
        const text = (element.textContent ?? "").trim().slice(0, 40);
        return `${name}.${[...element.classList].join(".")} "${text}" (${Math.round(element.getBoundingClientRect().right)} px)`;
      });
  });
}

/** Looks at the page as a 375 px wide phone would: nothing wider than the screen, and axe clean. */
export async function expectFitsPhone(page: Page, label: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    // The shell switches to its phone layout in a render after the resize: let it settle.
    await page
      .waitForFunction(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        null,
        { timeout: 3_000 },
      )
      .catch(() => {});
    if ((await horizontalOverflow(page)) > 0) {
      expect.fail(`${label} is wider than 375 px: ${(await widestElements(page)).join("; ")}`);
    }
    await expectNoAxeViolations(page, `${label} at 375 px`);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/**
 * Opens a path of the app already loaded in `page` as the app's own links do, without reloading
 * it (the bundle, session and translations stay), and waits for its content: the path's main
 * drawn with its heading, and (for at most 5 s) no loader left in it.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const before = await page.evaluate(() => document.querySelector("main")?.textContent ?? "");
  await page.evaluate((target) => {
    window.history.pushState(null, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page.waitForFunction(
    ({ target, previous }) => {
      const main = document.querySelector("main");
      return (
        `${location.pathname}${location.search}` === target &&
        main?.querySelector("h1") != null &&
        main.textContent !== previous
      );
    },
    { target: path, previous: before },
  );
  await page
    .waitForFunction(
      () => document.querySelector("main [aria-busy='true'], main .mantine-Loader-root") === null,
      null,
      { timeout: 5_000 },
    )
    .catch(() => {});
}
