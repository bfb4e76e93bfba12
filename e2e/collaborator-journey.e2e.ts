/**
 * The collaborators' whole journey, as issue 37 writes it: an owner invites their partner for
 * Household and Assets with edit rights from the Collaborators page; the partner accepts, switches
 * to the owner's file (its banner and the account menu's file switch axe clean in every theme
 * sample), adds an insurance policy and edits a bank account while the owner edits it too, whose
 * save then is refused and shows both versions; the owner sees both changes in the activity with
 * the partner's name, ends the access, and the partner's next click says so.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { THEME_SAMPLES, themeAccountFields, themeKey } from "../domain/catalog/themes.ts";
import { categoryDef } from "../domain/sections/index.ts";
import { sampleRecord } from "../server/testing/record-samples.ts";
import { createdId, signedInAccount, waitForMail } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations } from "./support/browser.ts";
import { endPartnerAccess, fillPartnerInvitation } from "./support/collaboration.ts";
import { apiRefs } from "./support/records.ts";
import { choose } from "./support/select.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const path = (page: Page) => new URL(page.url()).pathname;
const BANNER = "You are working in Noor Haddad's file.";

async function rename(page: Page, nickname: string): Promise<void> {
  await page.getByRole("textbox", { name: /^Account nickname/ }).fill(nickname);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

describe("a collaborator's journey", () => {
  it("invites, accepts, works in the owner's file, meets the owner's edit, is logged, then is ended", async () => {
    const owner = await pages.open();
    const partner = await pages.open();
    try {
      await signedInAccount(owner.context, baseURL, { name: "Noor Haddad" });
      const partnerAccount = await signedInAccount(partner.context, baseURL, { name: "Sam Haddad" });
      await createdId(owner.context.request, baseURL, "/api/institutions/", { name: "Maple Mutual" });
      const bank = categoryDef("asset");
      const account = await createdId(owner.context.request, baseURL, "/api/records/assets/asset", {
        ...(await sampleRecord(bank, apiRefs(owner.context.request, baseURL))),
        accountNickname: "Everyday account",
      });

      // The owner invites from the Collaborators page.
      await owner.page.goto("/dashboard/shared-data");
      await owner.page.getByTestId("collaborators-open").click();
      await fillPartnerInvitation(owner.page, partnerAccount.email);
      await owner.page.getByRole("button", { name: "Send the invitation" }).click();
      await owner.page.getByText(`Invitation sent to ${partnerAccount.email}.`).waitFor();
      await waitForMail(partner.context.request, partnerAccount.email, (mail) =>
        mail.subject.includes("Noor Haddad"),
      );

      // The partner accepts and switches to the owner's file from the account menu.
      await partner.page.goto("/dashboard/shared-data/collaborating");
      await partner.page.getByTestId("collaborating").getByRole("button", { name: "Accept" }).click();
      await partner.page.getByText("You now help with Noor Haddad's file.").waitFor();
      await partner.page.getByRole("button", { name: "Account menu" }).click();
      await partner.page.getByRole("menuitem", { name: "Noor Haddad's file" }).click();
      await partner.page.getByText(BANNER).waitFor();

      // The banner, and the file switch open over it, in every theme sample.
      for (const sample of THEME_SAMPLES) {
        // The account's theme and this browser's, as after choosing it in the header.
        const saved = await partner.context.request.post("/api/account/save", {
          headers: { origin: baseURL },
          data: themeAccountFields(sample),
        });
        expect(saved.status()).toBe(200);
        const theme = themeKey(sample);
        await partner.page.evaluate((key) => localStorage.setItem("kinfile.theme", key), theme);
        await partner.page.reload();
        await partner.page.getByText(BANNER).waitFor();
        await expect
          .poll(() => partner.page.locator("html").getAttribute("data-mantine-color-scheme"))
          .toBe(sample.mode);
        await expectNoAxeViolations(partner.page, `the owner's file's banner, ${theme} theme`);
        await partner.page.getByRole("button", { name: "Account menu" }).click();
        await partner.page.getByRole("menuitem", { name: "My file" }).waitFor();
        await expectNoAxeViolations(partner.page, `the account menu's file switch, ${theme} theme`);
        await partner.page.keyboard.press("Escape");
        await partner.page.getByRole("menuitem", { name: "My file" }).waitFor({ state: "hidden" });
      }

      // An insurance policy added in the owner's file.
      await partner.page.goto("/dashboard/assets/insurance/add");
      await partner.page.getByText(BANNER).waitFor();
      await choose(partner.page, "Type", "Home or condo");
      await choose(partner.page, "Insurer", /^Maple Mutual/);
      await partner.page.getByLabel(/^Policy number/).fill("HM-2291-77");
      await partner.page.getByRole("button", { name: "Save", exact: true }).click();
      await expect
        .poll(() => path(partner.page), { timeout: 15_000 })
        .toMatch(/^\/dashboard\/assets\/insurance\/view\//);

      // Both edit the bank account: the partner saves first, the owner's save is refused.
      const edit = `/dashboard/assets/asset/edit/${account}`;
      await partner.page.goto(edit);
      await owner.page.goto(edit);
      await partner.page.getByRole("textbox", { name: /^Account nickname/ }).waitFor();
      await owner.page.getByRole("textbox", { name: /^Account nickname/ }).waitFor();
      await rename(partner.page, "Joint chequing");
      await expect
        .poll(() => path(partner.page), { timeout: 15_000 })
        .toBe(`/dashboard/assets/asset/view/${account}`);
      await rename(owner.page, "Household account");
      const conflict = owner.page.getByRole("region", {
        name: "This record was saved while you were editing it",
      });
      await conflict.waitFor();
      await conflict.getByText(/^Saved by Sam Haddad on /).waitFor();
      const nickname = conflict.getByRole("listitem").filter({ hasText: "Account nickname" });
      await nickname.getByText("Household account").waitFor();
      await nickname.getByText("Joint chequing").waitFor();
      expect(path(owner.page)).toBe(edit);

      // The owner sees what the partner did, by name.
      await owner.page.goto("/dashboard/shared-data/collaborators");
      const activity = owner.page.getByTestId("collaborator-activity");
      await activity.getByText("Sam Haddad saved Insurance Policies").waitFor();
      await activity.getByText("Sam Haddad saved Bank Accounts").waitFor();

      // The owner ends the access; the partner's next click says so.
      await endPartnerAccess(owner.page);

      await partner.page
        .getByRole("navigation")
        .getByRole("link", { name: "Household Management" })
        .first()
        .click();
      await partner.page
        .getByText("Noor Haddad ended your access to their file. You are back in your own file.")
        .waitFor({ timeout: 15_000 });
      await expectNoAxeViolations(partner.page, "back in my own file");
      expect(owner.consoleErrors).toEqual([]);
      expect(partner.consoleErrors).toEqual([]);
    } finally {
      await owner.context.close();
      await partner.context.close();
    }
  }, 300_000);
});
