/**
 * A collaborator works in the owner's file: the owner invites their partner for Household and
 * Assets with edit rights through the API, the partner (in French, on a 375 px phone) accepts,
 * switches to the owner's file from the account menu, adds an insurance policy there; the owner
 * sees it in their own Assets and the partner's name on the Collaborators page, then ends the
 * access, and the partner's next click says so and brings them back to their own file.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createdId, signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

/** A Mantine select: its options open in a portal. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  if ((await box.evaluate((element) => element.tagName)) === "SELECT") {
    if (typeof option !== "string") throw new Error("a native select takes an exact label");
    await box.selectOption({ label: option });
    return;
  }
  await box.click();
  await page
    .getByRole("option", { name: option, exact: typeof option === "string" })
    .filter({ visible: true })
    .click();
}

describe("collaborating", () => {
  it("a partner adds an insurance policy in the owner's file, in French on a phone, until the owner ends it", async () => {
    const owner = await pages.open();
    const partner = await pages.open({ width: 375, height: 812 });
    try {
      await signedInAccount(owner.context, baseURL, { name: "Noor Haddad" });
      const partnerAccount = await signedInAccount(partner.context, baseURL, {
        name: "Sam Haddad",
        lang: "fr",
      });
      await createdId(owner.context.request, baseURL, "/api/institutions/", { name: "Maple Mutual" });
      const invited = await owner.context.request.post("/api/collaborators", {
        headers: { origin: baseURL },
        data: {
          email: partnerAccount.email,
          firstName: "Sam",
          lastName: "Haddad",
          scope: { modules: ["household", "assets"] },
          rights: "edit",
        },
      });
      expect(invited.status()).toBe(201);

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

      const card = owner.page.getByTestId("collaborator");
      await card.getByRole("button", { name: "End access for Sam Haddad" }).click();
      const dialog = owner.page.getByRole("dialog", { name: "End Sam Haddad's access to your file?" });
      await dialog.getByRole("button", { name: "Yes, end access" }).click();
      await owner.page.getByText("Sam Haddad no longer has access to your file.").waitFor();

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
    } finally {
      await owner.context.close();
      await partner.context.close();
    }
  }, 240_000);
});
