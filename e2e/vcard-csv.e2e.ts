/**
 * A contact list comes in and goes out: a .vcf imported on a network list, the card that repeats a
 * saved contact offered beside it and merged, companies imported on the overview, the lists and a
 * record category downloaded as CSV; axe in the three themes and at 375 px.
 */

import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { THEME_SAMPLES, type Theme, themeAccountFields, themeKey } from "../domain/catalog/themes.ts";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const LIST = "/dashboard/personal-network/networkperson";

const card = (lines: string[]) => ["BEGIN:VCARD", "VERSION:4.0", ...lines, "END:VCARD", ""].join("\r\n");
const ZOE_CARD = card([
  "FN:Zoé O'Brien",
  "N:O'Brien;Zoé;;;",
  "EMAIL:zoe.new@example.com",
  "NOTE:Met at the clinic",
]);
const SAM_CARD = card(["FN:Sam Newman", "N:Newman;Sam;;;", "TEL;VALUE=uri;TYPE=cell:tel:+14165550199"]);

async function importFile(page: Page, text: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name: "contacts.vcf",
    mimeType: "text/vcard",
    buffer: Buffer.from(text),
  });
}

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}

async function saveTheme(context: BrowserContext, theme: Theme): Promise<void> {
  const saved = await context.request.post("/api/account/save", {
    headers: { origin: baseURL },
    data: themeAccountFields(theme),
  });
  expect(saved.status()).toBe(200);
}

describe("vCard and CSV", () => {
  it("imports a .vcf, offers the likely duplicate beside the saved contact, merges it, and downloads CSVs", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Robin Tremblay" });
      const headers = { origin: baseURL };
      const saved = await context.request.post("/api/pn/person", {
        headers,
        data: {
          group: "networkperson",
          type: "dentist",
          contactDetails: { emails: ["zoe@example.com"] },
          mainDetails: { firstName: "Zoé", lastName: "O'Brien" },
        },
      });
      expect(saved.status()).toBe(200);

      await page.goto(LIST);
      await page.getByRole("button", { name: "Import vCard" }).waitFor();
      await expectFitsPhone(page, "network list with its imports and exports");

      // The duplicate offered, in each theme: both sides shown, nothing changed on Cancel.
      for (const sample of THEME_SAMPLES) {
        const theme = themeKey(sample);
        await saveTheme(context, sample);
        await page.goto(LIST);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.getByRole("button", { name: "Import vCard" }).waitFor();
        await expectNoAxeViolations(page, `network list, ${theme} theme`);
        await importFile(page, ZOE_CARD);
        const dialog = page.getByRole("dialog", { name: "Likely duplicates" });
        await dialog.waitFor();
        await dialog.getByText("zoe.new@example.com").waitFor();
        await dialog.getByText("zoe@example.com").waitFor();
        await expectNoAxeViolations(page, `merge dialog, ${theme} theme`);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "hidden" });
        await page.goto("/dashboard/personal-network");
        await page.getByRole("heading", { name: "Companies and addresses" }).waitFor();
        await expectNoAxeViolations(page, `network overview with the companies' exchanges, ${theme} theme`);
      }

      // Companies come in on the overview; the address book goes out as CSV.
      await page.locator('input[type="file"]').setInputFiles({
        name: "companies.vcf",
        mimeType: "text/vcard",
        buffer: Buffer.from(
          card(["KIND:org", "FN:Caisse Centrale", "ORG:Caisse Centrale", "URL:caisse.example"]),
        ),
      });
      await page.getByText("1 contact imported.").waitFor();
      const companies = await downloaded(page, "Export companies (CSV)");
      expect(companies.name).toBe("kinfile-institutions.csv");
      expect(companies.text).toContain("Caisse Centrale,https://caisse.example");

      // A file of two: the new one created at once, the repeated one merged by choice.
      await page.goto(LIST);
      await page.getByRole("button", { name: "Import vCard" }).waitFor();
      await importFile(page, ZOE_CARD + SAM_CARD);
      await page.getByText("1 contact imported.").waitFor();
      await page
        .getByRole("link", { name: /Sam Newman/ })
        .first()
        .waitFor();
      const dialog = page.getByRole("dialog", { name: "Likely duplicates" });
      await dialog.getByRole("radio", { name: "Merge into Zoé O'Brien" }).check();
      await dialog.getByRole("button", { name: "Apply choices" }).click();
      await page.getByText("0 created, 1 merged.").waitFor();
      await dialog.waitFor({ state: "hidden" });
      await page
        .getByRole("link", { name: /Zoé O'Brien/ })
        .first()
        .click();
      await page.getByRole("heading", { level: 1, name: "Zoé O'Brien" }).waitFor();
      await page.getByText("zoe.new@example.com").waitFor();
      await page.getByText("Met at the clinic").waitFor();

      // The list as CSV: UTF-8 with a BOM, the columns' labels, the names as typed.
      await page.goto(LIST);
      const people = await downloaded(page, "Export CSV");
      expect(people.name).toBe("kinfile-networkperson.csv");
      expect(people.text.startsWith("\uFEFFName,Relationship,Phone\r\n")).toBe(true);
      expect(people.text).toContain("Zoé O'Brien,Dentist,");
      expect(people.text).toContain("Sam Newman,Other,'+1 416 555 0199");
      const vcards = await downloaded(page, "Export vCard");
      expect(vcards.name).toBe("kinfile-persons.vcf");
      expect(vcards.text.match(/BEGIN:VCARD/g)).toHaveLength(2);

      // A record category as CSV, from its list page.
      const record = await context.request.post("/api/records/passwordvault/password", {
        headers,
        data: { accountNickname: "=Mail", username: "robin", password: "never-in-a-csv" },
      });
      expect(record.status()).toBe(200);
      await page.goto("/dashboard/passwordvault/password");
      await page.getByRole("heading", { level: 1, name: "Passwords" }).waitFor();
      const passwords = await downloaded(page, "Export CSV");
      expect(passwords.name).toBe("kinfile-password.csv");
      expect(passwords.text).toContain("'=Mail");
      expect(passwords.text).not.toContain("never-in-a-csv");
      await expectNoAxeViolations(page, "a record list with Export CSV");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
