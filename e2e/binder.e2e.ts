/**
 * The emergency binder made from the built server (dist/server.mjs, so pdfkit's fonts and data are
 * found there too): from My Account with the will's PDF appended, read back as a reader would (its
 * pages, its contents and bookmarks, and no secret unless asked), then with the secrets after the
 * password; a released nominee's, from Shared with me, holding only what was shared; a
 * collaborator's, from the owner's file they work in, of their scope; the dialog axe
 * clean in the three themes and at 375 px.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { THEME_SAMPLES, themeAccountFields, themeKey } from "../domain/catalog/themes.ts";
import { readPdf } from "../server/testing/pdf-reading.ts";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { addWillWithPdf } from "./support/will.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const VAULT_PASSWORD = "Blue-Heron-7781-Quartz";

/** Makes a binder through the dialog and answers the downloaded PDF, read back. */
async function makeBinder(page: Page, owner: string, options: { files?: boolean; secrets?: string } = {}) {
  await page.getByRole("button", { name: "Emergency binder (PDF)" }).click();
  const dialog = page.getByRole("dialog", { name: "Make an emergency binder" });
  await dialog.waitFor();
  if (options.files) await dialog.getByRole("checkbox", { name: /Append the attached PDF/ }).check();
  if (options.secrets !== undefined) await dialog.getByRole("checkbox", { name: /Include secrets/ }).check();
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Make the binder" }).click();
  if (options.secrets !== undefined) {
    const password = page.getByRole("dialog", { name: "Confirm your password" });
    await password.getByLabel(/Password/).fill(options.secrets);
    await password.getByRole("button", { name: /Continue|Confirm/ }).click();
  }
  const file = await download;
  // Named for the file's owner and the day (UTC, as the server dates it).
  expect(file.suggestedFilename()).toBe(`Kinfile - ${owner} - ${new Date().toISOString().slice(0, 10)}.pdf`);
  const path = await file.path();
  await page.getByText("The binder has been downloaded.").first().waitFor();
  return readPdf(await readFile(path));
}

describe("the emergency binder", () => {
  it("makes the whole file as a PDF with its contents, the will's scan appended, and secrets only when asked", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      const account = await signedInAccount(context, baseURL, { name: "Léa Ωmega Tremblay" });
      const headers = { origin: baseURL };
      const vault = await context.request.post("/api/records/passwordvault/password", {
        headers,
        data: { accountNickname: "Bank login", password: VAULT_PASSWORD },
      });
      expect(vault.status()).toBe(200);
      await addWillWithPdf(page, "Léa");

      await page.goto("/dashboard/manage-account");
      await page.getByRole("heading", { name: "Emergency binder", level: 2 }).waitFor();
      const plain = await makeBinder(page, "Léa Ωmega Tremblay", { files: true });
      expect(plain.pageCount).toBeGreaterThanOrEqual(5);
      expect(plain.pages[0]).toContain("Léa Ωmega Tremblay");
      expect(plain.outline).toEqual(
        expect.arrayContaining([
          "Contents",
          "Key Document Inventory",
          "  Will",
          "Password Vault",
          "  Passwords",
        ]),
      );
      expect(plain.pages[1]).toMatch(/^First 24 hours .*Where the will and key documents are/);
      expect(plain.pages[2]).toMatch(/^Contents .*Password Vault[ .]*\d+/);
      expect(plain.pages.at(-1)).toContain("Last will and testament");
      expect(plain.text.replace(/\s+/g, "")).not.toContain(VAULT_PASSWORD);

      const withSecrets = await makeBinder(page, "Léa Ωmega Tremblay", { secrets: account.password });
      expect(withSecrets.text.replace(/\s+/g, "")).toContain(VAULT_PASSWORD);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("makes a released nominee's binder from Shared with me: what was shared, and nothing else", async () => {
    const owner = await pages.open();
    const nominee = await pages.open();
    try {
      await signedInAccount(owner.context, baseURL, { name: "Maya Roy" });
      const theo = await signedInAccount(nominee.context, baseURL, { name: "Theo Roy" });
      const headers = { origin: baseURL };
      const vault = await owner.context.request.post("/api/records/passwordvault/password", {
        headers,
        data: { accountNickname: "Bank login", password: VAULT_PASSWORD },
      });
      expect(vault.status()).toBe(200);
      await addWillWithPdf(owner.page, "Maya Roy");
      const invited = await owner.context.request.post("/api/shared/nominees", {
        headers,
        data: {
          firstName: "Theo",
          lastName: "Roy",
          email: theo.email,
          scope: { modules: ["inventory"], categories: [] },
          release: "now",
        },
      });
      expect(invited.status()).toBe(200);
      const nomineeId = (await invited.json()) as string;
      // Accepted with release "now": released at once.
      expect(
        (await nominee.context.request.post(`/api/shared/nominee/${nomineeId}/accept`, { headers })).status(),
      ).toBe(200);

      await nominee.page.goto(`/dashboard/shared-data/shared-with-me/${nomineeId}`);
      const read = await makeBinder(nominee.page, "Maya Roy", { files: true });
      expect(read.pages[0]).toContain("What Maya Roy shared with you");
      expect(read.outline).toEqual(expect.arrayContaining(["Contents", "Key Document Inventory", "  Will"]));
      expect(read.outline).not.toContain("Password Vault");
      expect(read.pages.at(-1)).toContain("Last will and testament");
      expect(read.text).not.toContain("Bank login");
      expect(read.text.replace(/\s+/g, "")).not.toContain(VAULT_PASSWORD);
      expect(nominee.consoleErrors).toEqual([]);
    } finally {
      await owner.context.close();
      await nominee.context.close();
    }
  }, 180_000);

  it("makes a collaborator's binder of their scope in the owner's file, secrets after their own password", async () => {
    const owner = await pages.open();
    const partner = await pages.open();
    try {
      await signedInAccount(owner.context, baseURL, { name: "Noor Haddad" });
      const sam = await signedInAccount(partner.context, baseURL, { name: "Sam Haddad" });
      const headers = { origin: baseURL };
      const vault = await owner.context.request.post("/api/records/passwordvault/password", {
        headers,
        data: { accountNickname: "Bank login", password: VAULT_PASSWORD },
      });
      expect(vault.status()).toBe(200);
      await addWillWithPdf(owner.page, "Noor Haddad");
      const invited = await owner.context.request.post("/api/collaborators", {
        headers,
        data: {
          email: sam.email,
          firstName: "Sam",
          lastName: "Haddad",
          scope: { modules: ["passwordvault"], secrets: true },
          rights: "view",
        },
      });
      expect(invited.status()).toBe(201);
      const { id } = (await invited.json()) as { id: string };
      expect(
        (await partner.context.request.post(`/api/collaborating/${id}/accept`, { headers })).status(),
      ).toBe(200);

      await partner.page.goto("/dashboard");
      await partner.page.getByRole("button", { name: "Account menu" }).click();
      await partner.page.getByRole("menuitem", { name: "Noor Haddad's file" }).click();
      await partner.page.getByText("You are working in Noor Haddad's file.").waitFor();
      const plain = await makeBinder(partner.page, "Noor Haddad");
      expect(plain.pages[0]).toContain("The part of the file of Noor Haddad you help with");
      expect(plain.outline).toEqual(expect.arrayContaining(["Password Vault", "  Passwords"]));
      expect(plain.outline).not.toContain("Key Document Inventory");
      expect(plain.text).not.toContain("Last will and testament");
      expect(plain.text.replace(/\s+/g, "")).not.toContain(VAULT_PASSWORD);

      const withSecrets = await makeBinder(partner.page, "Noor Haddad", { secrets: sam.password });
      expect(withSecrets.text.replace(/\s+/g, "")).toContain(VAULT_PASSWORD);
      expect(partner.consoleErrors).toEqual([]);
    } finally {
      await owner.context.close();
      await partner.context.close();
    }
  }, 180_000);

  it("offers the binder on a module's page, axe clean in every theme and at 375 px", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Noah Gagnon" });
      const headers = { origin: baseURL };
      for (const sample of THEME_SAMPLES) {
        const theme = themeKey(sample);
        expect(
          (
            await context.request.post("/api/account/save", { headers, data: themeAccountFields(sample) })
          ).status(),
        ).toBe(200);
        await page.goto("/dashboard/passwordvault");
        await page.getByRole("button", { name: "Binder of this module (PDF)" }).click();
        await page.getByRole("dialog", { name: "Make an emergency binder" }).waitFor();
        await expectNoAxeViolations(page, `binder dialog, ${theme} theme`);
        await expectFitsPhone(page, `binder dialog, ${theme} theme`);
        await page.keyboard.press("Escape");
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
