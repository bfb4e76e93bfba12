/**
 * Browser helpers for the e2e suite: Debian's Chromium driven by playwright-core (nothing
 * downloads a browser), a page that records console errors, and an axe check.
 */
import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export type CheckedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/** A fresh context and page whose console errors and page errors are collected for assertions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { width?: number; height?: number; locale?: string } = {},
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
  return { page, context, consoleErrors };
}

/** Runs axe (WCAG 2.1 A and AA rules) on the page as it is and fails with a readable list. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
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
