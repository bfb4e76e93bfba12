/**
 * Record sections drawn from their declarations: a passport expiring in 30 days shows in the
 * reminders, a password stays masked until revealed with the eye.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations } from "./support/browser.ts";
import { choose } from "./support/select.ts";
import { addWillWithPdf, WILL_PDF_NAME, willPdf } from "./support/will.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const path = (page: Page) => new URL(page.url()).pathname;

describe("records", () => {
  it("reminds of a passport expiring in 30 days and reveals a password only on purpose", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Sam Carter" });
      await page.goto("/dashboard/personaldata");
      await page.getByRole("heading", { level: 1, name: "Personal Data" }).waitFor();
      await expectNoAxeViolations(page, "Personal Data module");

      await page.goto("/dashboard/personaldata/passport/add");
      const holder = page.getByRole("combobox", { name: "Holder", exact: true });
      await holder.waitFor();
      if (((await holder.inputValue()) ?? "") === "") await choose(page, "Holder", /^Sam Carter/);
      await choose(page, "Issuing country", "Canada");
      await page.getByLabel(/^Passport number/).fill("HK123456");
      const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel(/^Expiry date/).fill(expiry);
      await expectNoAxeViolations(page, "passport form");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect
        .poll(() => path(page), { timeout: 15_000 })
        .toMatch(/^\/dashboard\/personaldata\/passport\/view\//);
      expect(await page.getByText("HK123456").count()).toBe(0);

      await page.goto("/dashboard/personal-network");
      await page.getByRole("link", { name: /Passports.*Sam Carter.*expires in 30 days/ }).waitFor();

      await page.goto("/dashboard/passwordvault/password/add");
      await page.getByLabel(/^Service or site/).fill("Bank of Example");
      await page.getByLabel(/^Password( \*)?$/).fill("correct-horse-42");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect
        .poll(() => path(page), { timeout: 15_000 })
        .toMatch(/^\/dashboard\/passwordvault\/password\/view\//);
      expect(await page.getByText("correct-horse-42").count()).toBe(0);
      await expectNoAxeViolations(page, "password view, masked");
      await page.getByRole("button", { name: /Show Password/ }).click();
      await page.getByText("correct-horse-42").waitFor();

      // A comment on the record, dated in UTC.
      await page.getByLabel("New comment").fill("The executor knows where the recovery codes are.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("The executor knows where the recovery codes are.").waitFor();
      await page.getByText(/UTC/).first().waitFor();
      await expectNoAxeViolations(page, "record with a comment");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("keeps a PDF in the Document Library and on a will, viewable in the browser", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Alex Martin" });
      const pdf = willPdf();

      await page.goto("/dashboard/inventory/documentlibrary/add");
      await page.getByLabel(/^Description/).fill("Signed will, scanned");
      await page.getByRole("combobox", { name: /^Document type/ }).selectOption("wishes");
      await page.locator('input[type="file"]').first().setInputFiles(pdf);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved. File has been added to your Document Library").waitFor();
      await expect.poll(() => path(page)).toMatch(/^\/dashboard\/inventory\/documentlibrary\/edit\//);
      await page.goto("/dashboard/inventory/documentlibrary");
      await page.getByRole("link", { name: "Download will-scan.pdf" }).waitFor();
      // The entry's inventory/documentlibrary record came with it: the Inventory page counts it.
      await page.goto("/dashboard/inventory");
      await page.getByText("1 record").first().waitFor();
      await expectNoAxeViolations(page, "document library");

      await addWillWithPdf(page, "Alex Martin");

      const view = page.getByRole("link", { name: "View will-scan.pdf (opens in a new tab)" });
      await view.waitFor();
      const href = (await view.getAttribute("href")) ?? "";
      expect(href).toContain("inline=1");
      const opened = await context.request.get(href);
      expect(opened.headers()["content-type"]).toContain("application/pdf");
      expect(opened.headers()["content-disposition"]).toMatch(/^inline/);
      expect((await opened.body()).subarray(0, 5).toString()).toBe("%PDF-");
      await expectNoAxeViolations(page, "will with its PDF");

      // The library lists the will's file too, under "On your records", leading to the will.
      await page.goto("/dashboard/inventory/documentlibrary");
      const onRecords = page.getByRole("region", { name: "On your records" });
      await onRecords.getByRole("link", { name: WILL_PDF_NAME, exact: true }).click();
      await expect.poll(() => path(page)).toMatch(/^\/dashboard\/inventory\/will\/view\//);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
