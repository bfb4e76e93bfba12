/**
 * The collaborators' first journey: an owner invites their partner for Household and Assets with
 * edit rights from the Collaborators page, the partner (in French, on a 375 px phone) finds the
 * invitation mailed and listed, accepts it, and the owner sees it accepted, then ends the access
 * after a confirmation and the partner's list no longer holds the file.
 */
import { describe, expect, inject, it } from "vitest";
import { waitForMail } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { endPartnerAccess, fillPartnerInvitation, withOwnerAndPartner } from "./support/collaboration.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

describe("collaborators", () => {
  it("invites a partner for Household and Assets, who accepts in French on a phone, then ends it", async () => {
    await withOwnerAndPartner(pages, baseURL, async ({ owner, partner, partnerAccount }) => {
      await owner.page.goto("/dashboard/shared-data");
      await owner.page.getByTestId("collaborators-open").click();
      await owner.page.getByText("You have not invited anyone yet.").waitFor();
      await fillPartnerInvitation(owner.page, partnerAccount.email);
      await expectNoAxeViolations(owner.page, "invite a collaborator");
      await owner.page.getByRole("button", { name: "Send the invitation" }).click();
      await owner.page.getByText(`Invitation sent to ${partnerAccount.email}.`).waitFor();
      const card = owner.page.getByTestId("collaborator");
      await card.getByText("Invited", { exact: true }).waitFor();

      const mail = await waitForMail(partner.context.request, partnerAccount.email, (sent) =>
        sent.subject.includes("Noor Haddad"),
      );
      expect(mail.text).toContain("/dashboard/shared-data/collaborating");

      await partner.page.goto("/dashboard/shared-data/collaborating");
      const invitation = partner.page.getByTestId("collaborating");
      await invitation.getByText(/Noor Haddad \(.+\) vous invite/).waitFor();
      await expectNoAxeViolations(partner.page, "files I help with, invited");
      await expectFitsPhone(partner.page, "files I help with");
      await invitation.getByRole("button", { name: "Accepter" }).click();
      await partner.page.getByText("Vous aidez maintenant à tenir le dossier de Noor Haddad.").waitFor();
      await invitation.getByText(/Vous aidez Noor Haddad/).waitFor();

      await owner.page.reload();
      await card.getByText("Accepted", { exact: true }).waitFor();
      await endPartnerAccess(owner.page);
      await owner.page.getByText("You have not invited anyone yet.").waitFor();
      await expectNoAxeViolations(owner.page, "collaborators, none left");

      await partner.page.reload();
      await partner.page.getByText("Personne ne vous a invité à l'aider à tenir son dossier.").waitFor();
      expect(owner.consoleErrors).toEqual([]);
      expect(partner.consoleErrors).toEqual([]);
    });
  }, 180_000);
});
