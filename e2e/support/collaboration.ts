/**
 * The collaborators' journeys' cast: the owner, Noor Haddad, on a desktop, and her partner, Sam
 * Haddad, in French (unless told) on a 375 px phone, both signed in.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { CollaboratorRights } from "../../domain/schemas/collaborator.ts";
import { type E2eAccount, signedInAccount } from "./accounts.ts";
import type { browserPages, CheckedPage } from "./browser.ts";

export type OwnerAndPartner = { owner: CheckedPage; partner: CheckedPage; partnerAccount: E2eAccount };

/** Runs `journey` with the owner and the partner signed in, and closes both pages after it. */
export async function withOwnerAndPartner(
  pages: ReturnType<typeof browserPages>,
  baseURL: string,
  journey: (cast: OwnerAndPartner) => Promise<void>,
  { partnerLang = "fr" }: { partnerLang?: "en" | "fr" } = {},
): Promise<void> {
  const owner = await pages.open();
  const partner = await pages.open({ width: 375, height: 812 });
  try {
    await signedInAccount(owner.context, baseURL, { name: "Noor Haddad" });
    const partnerAccount = await signedInAccount(partner.context, baseURL, {
      name: "Sam Haddad",
      lang: partnerLang,
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

/**
 * The owner fills the invitation of Sam Haddad at `email` for Household and Assets with edit rights,
 * from the Collaborators page opened; the caller sends it.
 */
export async function fillPartnerInvitation(owner: Page, email: string): Promise<void> {
  await owner.getByTestId("collaborator-invite").click();
  await owner.getByLabel(/^First Name/).fill("Sam");
  await owner.getByLabel(/^Last Name/).fill("Haddad");
  await owner.getByLabel(/^Email/).fill(email);
  await owner.getByRole("radio", { name: "Read, add and change" }).check();
  await owner.getByRole("checkbox", { name: "Household Management (all)" }).check();
  await owner.getByRole("checkbox", { name: "Assets, Insurance & Debts (all)" }).check();
}

/**
 * The partner, in English, accepts the invitation `id` through the API and switches to Noor
 * Haddad's file from the account menu, as a person would.
 */
export async function acceptAndOpenNoorsFile(
  partner: CheckedPage,
  baseURL: string,
  id: string,
): Promise<void> {
  const accepted = await partner.context.request.post(`/api/collaborating/${id}/accept`, {
    headers: { origin: baseURL },
  });
  expect(accepted.status()).toBe(200);
  const { page } = partner;
  await page.goto("/dashboard/shared-data/collaborating");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Noor Haddad's file" }).click();
  await page.getByText("You are working in Noor Haddad's file.").waitFor();
}

/** The owner invites Sam Haddad at `email` through the API, with edit rights unless told: the invitation's id. */
export async function invitePartner(
  owner: APIRequestContext,
  baseURL: string,
  email: string,
  scope: { modules?: string[]; categories?: string[] },
  rights: CollaboratorRights = "edit",
): Promise<string> {
  const invited = await owner.post("/api/collaborators", {
    headers: { origin: baseURL },
    data: { email, firstName: "Sam", lastName: "Haddad", scope, rights },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  return ((await invited.json()) as { id: string }).id;
}
