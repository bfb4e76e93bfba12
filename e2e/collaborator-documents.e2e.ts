/**
 * A collaborator's documents, comments and home in the owner's file: the owner invites their
 * partner for Assets and Inventory through the API; the partner, on a 375 px phone, switches to the
 * owner's file, sees its home within that scope (no nominees, no binder), downloads a file of the
 * owner's Document Library and comments on the owner's bank account; the owner reads the comment
 * under the partner's name and sees the download and the comment among the collaborators' work.
 */
import { describe, expect, inject, it } from "vitest";
import { categoryDef } from "../domain/sections/index.ts";
import { sampleRecord } from "../server/testing/record-samples.ts";
import { createdId, signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { acceptAndOpenNoorsFile, invitePartner } from "./support/collaboration.ts";
import { apiRefs } from "./support/records.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

describe("a collaborator's documents, comments and home", () => {
  it("downloads from the owner's library, comments on their record and sees their home within the scope", async () => {
    const owner = await pages.open();
    const partner = await pages.open({ width: 375, height: 812 });
    try {
      await signedInAccount(owner.context, baseURL, { name: "Noor Haddad" });
      const partnerAccount = await signedInAccount(partner.context, baseURL, { name: "Sam Haddad" });
      const request = owner.context.request;
      const headers = { origin: baseURL };
      const bank = await sampleRecord(categoryDef("asset"), apiRefs(request, baseURL));
      const bankId = await createdId(request, baseURL, "/api/records/assets/asset", {
        ...bank,
        accountNickname: "Everyday account",
      });
      const deedId = await createdId(request, baseURL, "/api/documents", {
        module: "inventory",
        type: "documentlibrary",
        description: "Deed of the house",
      });
      const upload = await request.post(`/api/documents/inventory/documentlibrary/${deedId}/upload`, {
        headers,
        multipart: {
          file: { name: "deed.txt", mimeType: "text/plain", buffer: Buffer.from("The deed, signed.") },
        },
      });
      expect(upload.status(), await upload.text()).toBe(200);
      const id = await invitePartner(request, baseURL, partnerAccount.email, {
        modules: ["assets", "inventory"],
      });
      await acceptAndOpenNoorsFile(partner, baseURL, id);

      const { page } = partner;

      await page.goto("/dashboard");
      await page.getByTestId("home-overall").waitFor();
      await page.getByTestId("home-reminders").waitFor();
      expect(await page.getByTestId("home-nominees").count()).toBe(0);
      expect(await page.getByTestId("home-binder").count()).toBe(0);
      await expectNoAxeViolations(page, "the owner's home, within the scope");
      await expectFitsPhone(page, "the owner's home, within the scope");

      await page.goto("/dashboard/inventory/documentlibrary");
      const deed = page.getByRole("article", { name: "deed.txt" });
      await deed.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        deed.getByRole("link", { name: "Download deed.txt" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("deed.txt");
      await expectNoAxeViolations(page, "the owner's library");
      await expectFitsPhone(page, "the owner's library");

      await page.goto(`/dashboard/assets/asset/view/${bankId}`);
      await page.getByLabel("New comment").fill("Statements now come by mail.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Statements now come by mail.").waitFor();
      await expectNoAxeViolations(page, "a comment on the owner's record");
      await expectFitsPhone(page, "a comment on the owner's record");

      await owner.page.goto(`/dashboard/assets/asset/view/${bankId}`);
      await owner.page.getByText("Statements now come by mail.").waitFor();
      await owner.page.getByText("Sam Haddad", { exact: false }).first().waitFor();
      await owner.page.goto("/dashboard/shared-data/collaborators");
      const activity = owner.page.getByTestId("collaborator-activity");
      await activity.getByText("Sam Haddad saved a comment").waitFor();
      await activity.getByText(/Sam Haddad downloaded a file of Documents? Library/).waitFor();
      await expectNoAxeViolations(owner.page, "collaborators, with a download and a comment");
      expect(owner.consoleErrors).toEqual([]);
      expect(partner.consoleErrors).toEqual([]);
    } finally {
      await owner.context.close();
      await partner.context.close();
    }
  }, 240_000);
});
