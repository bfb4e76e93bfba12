/**
 * The look of the app: the Documents Library's search, filters, order and drop zone (a file
 * dropped there is saved through the add page), the theme's mode and accent (the system mode
 * following the device's setting live), toasts at the bottom right clear of the header, axe in
 * light and dark, and nothing sideways at 375 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations, horizontalOverflow } from "./support/browser.ts";
import { willPdf } from "./support/will.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const LIBRARY = "/dashboard/inventory/documentlibrary";

const scheme = (page: Page) => page.locator("html").getAttribute("data-mantine-color-scheme");
const titles = (page: Page) =>
  page.getByRole("article").evaluateAll((all) => all.map((a) => a.getAttribute("aria-label")));

/** Drops a file on the library's drop zone as a browser drag would deliver it. */
async function dropFile(page: Page, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ([fileName, body]) => {
      const data = new DataTransfer();
      data.items.add(new File([body ?? ""], fileName ?? "", { type: "application/pdf" }));
      return data;
    },
    [name, text],
  );
  const zone = page.getByText("Drop a file here to add it");
  await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

describe("the look of the app", () => {
  it("adds a dropped file to the library, then searches, filters and sorts it", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL);
      await page.goto(LIBRARY);
      await page.getByText("No document yet. Add one to keep it here.").waitFor();

      const pdf = willPdf();
      for (const name of ["lease.pdf", "birth certificate.pdf"]) {
        await page.goto(LIBRARY);
        await dropFile(page, name, pdf.buffer.toString("latin1"));
        await page.getByText(`The file you dropped, ${name}, is ready below.`, { exact: false }).waitFor();
        await page.getByLabel(/^Description/).fill(`Scan of ${name}`);
        await page.getByRole("combobox", { name: /^Document type/ }).selectOption("wishes");
        await page.getByRole("button", { name: "Save", exact: true }).click();
        const toast = page.locator('[data-position="bottom-right"]').getByText("Saved. File has been added");
        await toast.waitFor();
        // The toast stands at the bottom right, well below the header.
        const header = await page.locator("header").first().boundingBox();
        const box = await toast.boundingBox();
        expect(box && header && box.y > header.y + header.height + 200).toBe(true);
      }

      await page.goto(LIBRARY);
      await page.getByRole("article", { name: "lease.pdf" }).waitFor();
      await page.getByLabel("Sort by").selectOption("name");
      expect(await titles(page)).toEqual(["birth certificate.pdf", "lease.pdf"]);
      await page.getByLabel("Type of file").selectOption("image");
      await page.getByText("No document matches. Change the search or the filters.").waitFor();
      await page.getByRole("button", { name: "Show every document" }).click();
      await page.getByLabel("Search by name").fill("LEASE");
      expect(await titles(page)).toEqual(["lease.pdf"]);
      await expectNoAxeViolations(page, "library, searched");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("follows the device's colour scheme live until a mode is chosen, axe clean in light and dark", async () => {
    const { page, context } = await pages.open();
    try {
      await signedInAccount(context, baseURL);
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto("/dashboard/personal-network");
      await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
      await expect.poll(() => scheme(page)).toBe("light");
      await page.emulateMedia({ colorScheme: "dark" });
      await expect.poll(() => scheme(page)).toBe("dark");
      await expectNoAxeViolations(page, "system mode, device dark");

      for (const accent of ["Purple", "Green", "Blue"]) {
        await page.getByRole("button", { name: /theme/i }).click();
        await page.getByRole("menuitemradio", { name: accent }).click();
        await expectNoAxeViolations(page, `dark, ${accent}`);
      }
      await page.getByRole("button", { name: /theme/i }).click();
      await page.getByRole("menuitemradio", { name: "Light" }).click();
      await expect.poll(() => scheme(page)).toBe("light");
      await page.emulateMedia({ colorScheme: "dark" });
      expect(await scheme(page)).toBe("light");
      for (const accent of ["Purple", "Green"]) {
        await page.getByRole("button", { name: /theme/i }).click();
        await page.getByRole("menuitemradio", { name: accent }).click();
        await expectNoAxeViolations(page, `light, ${accent}`);
      }
    } finally {
      await context.close();
    }
  }, 180_000);

  it("fits a phone: the library's cards and filters, nothing sideways", async () => {
    const { page, context } = await pages.open({ width: 375, height: 800 });
    try {
      await signedInAccount(context, baseURL);
      await page.goto(LIBRARY);
      await page.getByText("Drop a file here to add it").waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page, "library at 375 px");
    } finally {
      await context.close();
    }
  }, 120_000);
});
