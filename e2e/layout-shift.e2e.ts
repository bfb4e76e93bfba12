/**
 * The first signed-in screens hold still while they load, on a phone (one column, so any line that
 * arrives late pushes everything below it): the Personal Network overview, whose tiles' counts
 * come after the tiles, and a record form, whose documents field is a chunk of its own. The
 * browser's own measure of layout shift, the one Lighthouse's budget counts.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

/** Lighthouse's phone. */
const PHONE = { width: 412, height: 823 };

/** Far under Lighthouse's "good" (0.1): the tiles' counts alone made 0.04. */
const MOST_SHIFT = 0.001;

/** Sums the page's layout shifts from its very start, for `layoutShift` to read. */
async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = window as unknown as { layoutShift: number };
    recorded.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
        recorded.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

describe("the first signed-in screens on a phone", () => {
  it.each([
    {
      path: "/dashboard/personal-network",
      // The last of the counts, and the actions drawn after the tiles.
      loaded: (page: Page) =>
        Promise.all([
          page.getByRole("listitem").filter({ hasText: "Extended Family" }).getByText("0 people").waitFor(),
          page.getByRole("heading", { name: "Companies and addresses" }).waitFor(),
        ]),
    },
    {
      path: "/dashboard/passwordvault/password/add",
      loaded: (page: Page) => page.getByRole("button", { name: "Upload File" }).waitFor(),
    },
  ])("$path does not move while it loads", async ({ path, loaded }) => {
    const { page, context, consoleErrors } = await pages.open(PHONE);
    try {
      await signedInAccount(context, baseURL);
      // The phone's subscribe pop-up would cover the page.
      await context.request.post("/api/account/splashmobile?show=false", { headers: { origin: baseURL } });
      await recordLayoutShift(page);
      await page.goto(path);
      await loaded(page);
      await page.waitForLoadState("networkidle");
      expect(await layoutShift(page)).toBeLessThan(MOST_SHIFT);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
