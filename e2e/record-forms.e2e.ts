/**
 * A record form's inline dialogs and uploads: a person or a company added from a field is made,
 * chosen, and nothing else (the record behind stays unsaved, with what was typed); a file uploaded
 * in a form left unsaved is discarded, never shown in the Documents Library.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages } from "./support/browser.ts";
import { choose } from "./support/select.ts";
import { startWill, WILL_PDF_NAME, willPdf } from "./support/will.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const path = (page: Page) => new URL(page.url()).pathname;

async function recordsOf(page: Page, module: string, category: string): Promise<unknown[]> {
  const answer = await page.context().request.get(`/api/records/${module}/${category}`);
  expect(answer.status()).toBe(200);
  return answer.json();
}

describe("record forms", () => {
  it("adds an executor from the will's form without saving the will, then saves the will with them", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Hélène Roy" });
      await startWill(page, "Hélène Roy");
      await page
        .getByRole("combobox", { name: /^Type of will/ })
        .selectOption({ label: "Formal will (signed before witnesses)" });

      // The executors' "Add a person" (the testator's comes first).
      await page.getByRole("button", { name: "Add a person" }).nth(1).click();
      const dialog = page.getByRole("dialog", { name: "Add a person" });
      await dialog.getByRole("textbox", { name: "First Name" }).fill("Claire");
      await dialog.getByRole("textbox", { name: "Last Name" }).fill("Gagnon");
      await choose(dialog, "Relationship Group", "Relative");
      await choose(dialog, "Relationship Type", "Cousin");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await dialog.waitFor({ state: "detached" });

      // Chosen in the executors' field: a pill beside its input.
      await page
        .locator(".mantine-MultiSelect-root")
        .filter({ has: page.getByRole("combobox", { name: /^Executor\(s\) or liquidator\(s\)/ }) })
        .getByText(/^Claire Gagnon/)
        .waitFor();
      expect(path(page)).toBe("/dashboard/inventory/will/add");
      expect(await page.getByRole("textbox", { name: /^Date signed/ }).inputValue()).toBe("17 May 2024");
      expect(await recordsOf(page, "inventory", "will")).toEqual([]);

      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect
        .poll(() => path(page), { timeout: 15_000 })
        .toMatch(/^\/dashboard\/inventory\/will\/view\//);
      await page.getByText("Claire Gagnon").first().waitFor();
      expect(await recordsOf(page, "inventory", "will")).toHaveLength(1);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("adds a bank from the account's form without saving the account, then saves the account with it", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Omar Haddad" });
      await page.goto("/dashboard/assets/asset/add");
      await page.getByLabel(/^Account nickname/).fill("Everyday chequing");

      await page.getByRole("button", { name: "Add company" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Company" });
      await dialog.getByRole("textbox", { name: /^Name/ }).fill("Caisse du Quartier");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await dialog.waitFor({ state: "detached" });

      const bank = page.getByRole("combobox", { name: /^Bank or credit union/ });
      await expect.poll(() => bank.inputValue()).toBe("Caisse du Quartier");
      expect(path(page)).toBe("/dashboard/assets/asset/add");
      expect(await page.getByLabel(/^Account nickname/).inputValue()).toBe("Everyday chequing");
      expect(await recordsOf(page, "assets", "asset")).toEqual([]);

      await page.getByRole("combobox", { name: /^Account type/ }).selectOption({ index: 1 });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect.poll(() => path(page), { timeout: 15_000 }).toMatch(/^\/dashboard\/assets\/asset\/view\//);
      await page.getByText("Caisse du Quartier").first().waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("discards a file uploaded in a will's form left unsaved: the Documents Library never shows it", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Inès Moreau" });
      await startWill(page, "Inès Moreau");
      const created = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && new URL(response.url()).pathname === "/api/documents",
      );
      await page
        .getByRole("group", { name: "Documents" })
        .locator('input[type="file"]')
        .setInputFiles(willPdf());
      const documentId: string = await (await created).json();
      await page.getByRole("link", { name: `Download ${WILL_PDF_NAME}` }).waitFor();
      // While the form is open, the upload is on no record.
      const onRecords = async () =>
        ((await (await context.request.get("/api/documents/on-records")).json()) as { id: string }[]).map(
          (item) => item.id,
        );
      expect(await onRecords()).not.toContain(documentId);

      await page
        .getByRole("navigation", { name: "Sections", exact: true })
        .getByRole("link", { name: "Personal Data" })
        .click();
      await page.getByRole("dialog", { name: "Save the Record" }).getByRole("button", { name: "No" }).click();
      await expect.poll(() => path(page)).toBe("/dashboard/personaldata");
      await expect
        .poll(async () => (await context.request.get(`/api/documents/inventory/will/${documentId}`)).status())
        .toBe(404);

      await page.goto("/dashboard/inventory/documentlibrary");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.getByText(WILL_PDF_NAME).count()).toBe(0);
      expect(await onRecords()).not.toContain(documentId);
      expect(await recordsOf(page, "inventory", "will")).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
