import { describe, expect, inject, it } from "vitest";
import { createdId } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { endPartnerAccess, invitePartner, withOwnerAndPartner } from "./support/collaboration.ts";
import { choose } from "./support/select.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

describe("collaborating", () => {
  it("a partner adds an insurance policy in the owner's file, in French on a phone, until the owner ends it", async () => {
    await withOwnerAndPartner(pages, baseURL, async ({ owner, partner, partnerAccount }) => {
      await createdId(owner.context.request, baseURL, "/api/institutions/", { name: "Maple Mutual" });
      await invitePartner(owner.context.request, baseURL, partnerAccount.email, {
        modules: ["household", "assets"],
      });

      await partner.page.goto("/dashboard/shared-data/collaborating");
      await partner.page.getByTestId("collaborating").getByRole("button", { name: "Accepter" }).click();
      await partner.page.getByText("Vous aidez maintenant à tenir le dossier de Noor Haddad.").waitFor();

      await partner.page.getByRole("button", { name: "Menu du compte" }).click();
      await partner.page.getByRole("menuitem", { name: "Dossier de Noor Haddad" }).click();
      await partner.page.getByText("Vous travaillez dans le dossier de Noor Haddad.").waitFor();
      await expectNoAxeViolations(partner.page, "the owner's file, open");
      await expectFitsPhone(partner.page, "the owner's file, open");

      await partner.page.goto("/dashboard/assets/insurance/add");
      await partner.page.getByText("Vous travaillez dans le dossier de Noor Haddad.").waitFor();
      await choose(partner.page, "Type", "Habitation ou copropriété");
      await choose(partner.page, "Assureur", /^Maple Mutual/);
      await partner.page.getByLabel(/^Numéro de police/).fill("HM-2291-77");
      await partner.page.getByRole("button", { name: "Enregistrer", exact: true }).click();
      await expect
        .poll(() => new URL(partner.page.url()).pathname, { timeout: 15_000 })
        .toMatch(/^\/dashboard\/assets\/insurance\/view\//);

      await owner.page.goto("/dashboard/assets/insurance");
      await owner.page.getByText("Maple Mutual").first().waitFor();
      await owner.page.goto("/dashboard/shared-data/collaborators");
      await owner.page
        .getByTestId("collaborator-activity")
        .getByText(/Sam Haddad saved Insurance Policies/)
        .waitFor();
      await expectNoAxeViolations(owner.page, "collaborators, with their work");

      await endPartnerAccess(owner.page);

      await partner.page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await partner.page
        .getByRole("link", { name: /Gestion du ménage|Ménage/ })
        .first()
        .click();
      await partner.page
        .getByText("Noor Haddad a mis fin à votre accès à son dossier. Vous êtes de retour dans le vôtre.")
        .waitFor({ timeout: 15_000 });
      await expectNoAxeViolations(partner.page, "back in my own file");
      await expectFitsPhone(partner.page, "back in my own file");
      expect(owner.consoleErrors).toEqual([]);
    });
  }, 240_000);
});
