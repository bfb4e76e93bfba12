/**
 * A collaborator with view rights: the owner invites her partner to Assets and Inventory to read
 * only; the partner switches to the owner's file and reads a record, its module, its list and the
 * Document Library with no Add, Edit, Delete, comment box or drop zone, and an add form opened by
 * its address says the file is read-only instead of offering a form the server would refuse.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { categoryDef } from "../domain/sections/index.ts";
import { sampleRecord } from "../server/testing/record-samples.ts";
import { createdId } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { acceptAndOpenNoorsFile, invitePartner, withOwnerAndPartner } from "./support/collaboration.ts";
import { apiRefs } from "./support/records.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

/** Every control on the page that would add, change or delete something in the file. */
async function editControls(page: Page): Promise<number> {
  const links = page.getByRole("link", { name: /^(\+ )?add\b|^edit\b/i });
  const buttons = page.getByRole("button", { name: /^add\b|^edit\b|^delete\b|don't have this|^import/i });
  return (await links.count()) + (await buttons.count()) + (await page.getByRole("textbox").count());
}

describe("a collaborator with view rights", () => {
  it("reads the owner's file with no control to add, change or delete", async () => {
    await withOwnerAndPartner(
      pages,
      baseURL,
      async ({ owner, partner, partnerAccount }) => {
        const request = owner.context.request;
        const bank = await sampleRecord(categoryDef("asset"), apiRefs(request, baseURL));
        const bankId = await createdId(request, baseURL, "/api/records/assets/asset", {
          ...bank,
          accountNickname: "Everyday account",
        });
        await createdId(request, baseURL, "/api/documents", {
          module: "inventory",
          type: "documentlibrary",
          description: "Deed of the house",
        });
        const scope = { modules: ["assets", "inventory"] };
        const id = await invitePartner(request, baseURL, partnerAccount.email, scope, "view");
        await acceptAndOpenNoorsFile(partner, baseURL, id);

        const { page } = partner;
        await page.getByText("You may read it but not change it.").waitFor();

        await page.goto("/dashboard/assets");
        await page.getByTestId("category-card-asset").getByText("1 record").waitFor();
        expect(await editControls(page), "the module's page").toBe(0);

        await page.goto("/dashboard/assets/asset");
        await page.getByText("Everyday account").first().waitFor();
        expect(await editControls(page), "the category's list").toBe(0);

        await page.goto(`/dashboard/assets/asset/view/${bankId}`);
        await page.getByRole("heading", { level: 1, name: "Everyday account" }).waitFor();
        await page.getByRole("heading", { level: 2, name: "Comments" }).waitFor();
        expect(await editControls(page), "the record's view").toBe(0);
        await expectNoAxeViolations(page, "a record read with view rights");
        await expectFitsPhone(page, "a record read with view rights");

        await page.goto("/dashboard/inventory/documentlibrary");
        await page.getByRole("article").first().waitFor();
        expect(await editControls(page), "the Document Library").toBe(0);
        expect(await page.getByText("Drop a file here to add it").count()).toBe(0);

        await page.goto("/dashboard/assets/asset/add");
        await page.getByRole("heading", { level: 1, name: "You can't change this file" }).waitFor();
        await page.getByText("You may read Noor Haddad's file but not change it", { exact: false }).waitFor();
        expect(await page.getByRole("textbox").count()).toBe(0);
        await expectNoAxeViolations(page, "an add form opened with view rights");
        expect(partner.consoleErrors).toEqual([]);
      },
      { partnerLang: "en" },
    );
  }, 240_000);
});
