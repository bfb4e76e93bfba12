/**
 * The collaborators' journeys' cast: the owner, Noor Haddad, on a desktop, and her partner, Sam
 * Haddad, in French on a 375 px phone, both signed in.
 */
import type { Page } from "playwright-core";
import { type E2eAccount, signedInAccount } from "./accounts.ts";
import type { browserPages, CheckedPage } from "./browser.ts";

export type OwnerAndPartner = { owner: CheckedPage; partner: CheckedPage; partnerAccount: E2eAccount };

/** Runs `journey` with the owner and the partner signed in, and closes both pages after it. */
export async function withOwnerAndPartner(
  pages: ReturnType<typeof browserPages>,
  baseURL: string,
  journey: (cast: OwnerAndPartner) => Promise<void>,
): Promise<void> {
  const owner = await pages.open();
  const partner = await pages.open({ width: 375, height: 812 });
  try {
    await signedInAccount(owner.context, baseURL, { name: "Noor Haddad" });
    const partnerAccount = await signedInAccount(partner.context, baseURL, {
      name: "Sam Haddad",
      lang: "fr",
    });
    await journey({ owner, partner, partnerAccount });
  } finally {
    await owner.context.close();
    await partner.context.close();
  }
}

/** The owner ends the partner's access from the Collaborators page, confirming in its dialog. */
export async function endPartnerAccess(owner: Page): Promise<void> {
  await owner.getByTestId("collaborator").getByRole("button", { name: "End access for Sam Haddad" }).click();
  const dialog = owner.getByRole("dialog", { name: "End Sam Haddad's access to your file?" });
  await dialog.getByRole("button", { name: "Yes, end access" }).click();
  await owner.getByText("Sam Haddad no longer has access to your file.").waitFor();
}
