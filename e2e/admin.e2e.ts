/**
 * The admin area in the browser on the suite's server: the overview; two platform admins find an
 * account in the users list, one writes a comment on it (only its author may change it), disables the account
 * after a confirmation, and both see the action in the audit log. English at desktop width,
 * French on a phone, axe on each screen.
 */
import { describe, expect, inject, it } from "vitest";
import { signedInAccount, signedInPlatformAdmin } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const dataDir = inject("dataDir");

describe("the admin area", () => {
  it("finds an account, comments on it, disables it and shows the audit log", async () => {
    const member = await pages.open();
    const root = await pages.open({ width: 1280 });
    const other = await pages.open({ width: 375, height: 812, locale: "fr-CA" });
    try {
      const sam = await signedInAccount(member.context, baseURL, { name: "Sam Carter" });
      await signedInPlatformAdmin(root.context.request, baseURL, dataDir, "Root Admin");
      await signedInPlatformAdmin(other.context.request, baseURL, dataDir, "Other Admin");
      const saved = await other.context.request.post("/api/account/save", {
        headers: { origin: baseURL },
        data: { lang: "fr" },
      });
      expect(saved.status()).toBe(200);

      const { page } = root;
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Administration" }).click();
      await page.getByRole("heading", { name: "Overview", level: 2 }).waitFor();
      await page.getByText("Sign-ups and subscriptions per week").waitFor();
      await expectNoAxeViolations(page, "/admin/overview");
      await expectFitsPhone(page, "/admin/overview");
      await page.getByRole("link", { name: "Users" }).click();
      await page.getByRole("searchbox", { name: "Search by email or name" }).fill(sam.email);
      const link = page.getByRole("link", { name: sam.email });
      await link.waitFor();
      await expectNoAxeViolations(page, "/admin/users");
      await expectFitsPhone(page, "/admin/users");
      await link.click();
      await page.getByRole("heading", { name: sam.email, level: 2 }).waitFor();
      const comments = page.getByRole("region", { name: "Comments" });
      await comments.getByRole("textbox").fill("Called about the invoice.");
      await comments.getByRole("button", { name: "Save" }).click();
      await comments.getByText("Called about the invoice.").waitFor();
      await expectNoAxeViolations(page, "/admin/users/{id}");
      await page.getByRole("button", { name: "Disable" }).click();
      await page.getByRole("dialog", { name: "Disable" }).getByRole("button", { name: "Yes" }).click();
      await page.getByText(`${sam.email} is disabled.`).waitFor();
      await page.getByRole("button", { name: "Enable" }).waitFor();
      expect((await member.context.request.get("/api/account/account")).status()).toBe(401);
      expect(root.consoleErrors, "console errors (en)").toEqual([]);

      // The other admin, in French on a phone: the comment is there, without Edit or Delete.
      const phone = other.page;
      const userPath = new URL(page.url()).pathname;
      await phone.goto(userPath);
      await phone.getByRole("heading", { name: sam.email, level: 2 }).waitFor();
      const theirs = phone.getByRole("region", { name: "Commentaires" });
      const item = theirs.getByRole("listitem").filter({ hasText: "Called about the invoice." });
      await item.waitFor();
      expect(await item.getByRole("button").count()).toBe(0);
      await expectFitsPhone(phone, "/admin/users/{id} (fr)");
      await phone.goto("/admin/audit");
      await phone.getByRole("heading", { name: "Journal d’audit", level: 2 }).waitFor();
      await phone.getByText("user.disable").first().waitFor();
      await phone.getByText("comment.create").first().waitFor();
      await expectFitsPhone(phone, "/admin/audit (fr)");
      await phone.goto("/admin/companies");
      await phone.getByRole("heading", { name: "Entreprises", level: 2 }).waitFor();
      await expectFitsPhone(phone, "/admin/companies (fr)");
      expect(other.consoleErrors, "console errors (fr)").toEqual([]);
    } finally {
      await member.context.close();
      await root.context.close();
      await other.context.close();
    }
  });
});
