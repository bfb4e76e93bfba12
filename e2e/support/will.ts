/**
 * A will with a scanned PDF attached, entered through the record form as a person would: the
 * records journey checks it, the sharing journey shares it.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { makePdf } from "../../server/testing/document-files.ts";

export const WILL_PDF_NAME = "will-scan.pdf";

/** A file as playwright's setInputFiles takes it. */
export function willPdf() {
  return { name: WILL_PDF_NAME, mimeType: "application/pdf", buffer: makePdf("Last will and testament") };
}

/** The will form with its testator chosen and its date typed: a record half filled. */
export async function startWill(page: Page, holder: string): Promise<void> {
  await page.goto("/dashboard/inventory/will/add");
  const testator = page.getByRole("combobox", { name: /^Testator/ });
  await testator.waitFor();
  if ((await testator.inputValue()) === "") {
    await testator.click();
    await page
      .getByRole("option", { name: new RegExp(`^${holder}`) })
      .filter({ visible: true })
      .click();
  }
  await page.getByRole("textbox", { name: /^Date signed/ }).fill("2024-05-17");
}

/** Adds a formal will with the PDF attached, the testator being `holder`, and waits for its view page. */
export async function addWillWithPdf(page: Page, holder: string): Promise<void> {
  await startWill(page, holder);
  await page
    .getByRole("combobox", { name: /^Type of will/ })
    .selectOption({ label: "Formal will (signed before witnesses)" });
  await page.getByRole("group", { name: "Documents" }).locator('input[type="file"]').setInputFiles(willPdf());
  await page.getByRole("link", { name: `Download ${WILL_PDF_NAME}` }).waitFor();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
    .toMatch(/^\/dashboard\/inventory\/will\/view\//);
}
