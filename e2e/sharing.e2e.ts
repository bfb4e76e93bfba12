/**
 * The nominee journey of the nominees issue: an owner shares the Key Document Inventory with a
 * nominee on "after 5 days", the nominee registers from the invitation email, accepts and asks
 * for access, the owner opens the email link, sees who asks for what, and approves with its
 * button (opening it approves nothing), the nominee reads the will and downloads
 * its PDF without any way to change it, the owner reads the access log and revokes, and the
 * nominee loses access.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { E2E_PASSWORD, linkIn, signedInAccount, uniqueEmail, waitForMail } from "./support/accounts.ts";
import { browserPages, type CheckedPage, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { addWillWithPdf, WILL_PDF_NAME } from "./support/will.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const path = (page: Page) => new URL(page.url()).pathname;

/** Registers in the browser from the invitation's link, confirms the address, and signs in. */
async function registerFromInvitation(nominee: CheckedPage, email: string, name: string): Promise<void> {
  const { page, context } = nominee;
  const invitation = await waitForMail(context.request, email);
  await page.goto(linkIn(invitation, "/register"));
  await page.getByLabel("Full name").fill(name);
  expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByText(/Spam or Junk/i).waitFor();
  const verification = await waitForMail(context.request, email, (mail) =>
    mail.text.includes("verify-email"),
  );
  await page.goto(linkIn(verification, "verify-email"));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.getByText("Your email address is confirmed").waitFor();
  // The sign-in form knows the address, and signing in leads to the invitation, with no tour of
  // an empty file of their own in the way.
  expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect.poll(() => path(page), { timeout: 15_000 }).toBe("/dashboard/shared-data/shared-with-me");
  expect(await page.getByRole("dialog", { name: "Hi there!" }).count()).toBe(0);
  const headers = { origin: baseURL };
  expect((await context.request.post("/api/account/splash?show=false", { headers })).status()).toBe(200);
}

describe("sharing", () => {
  // Retried once while an intermittent wait for the nominee's record view is tracked down: the
  // first try's failure still prints its pages (support/browser.ts).
  it("shares the Key Document Inventory on five_days, released by the owner's email answer, then revoked", {
    retry: 1,
    timeout: 240_000,
  }, async () => {
    const owner = await pages.open();
    const nominee = await pages.open();
    const nomineeEmail = uniqueEmail("nominee");
    try {
      const ownerAccount = await signedInAccount(owner.context, baseURL, { name: "Jordan Avery" });
      await addWillWithPdf(owner.page, "Jordan Avery");

      // The owner names the nominee.
      await owner.page.goto("/dashboard/shared-data/shared-by-me/add");
      await owner.page.getByLabel(/^First Name/).fill("Casey");
      await owner.page.getByLabel(/^Last Name/).fill("Nguyen");
      await owner.page.getByLabel(/^Email/).fill(nomineeEmail);
      await owner.page.getByRole("checkbox", { name: "Key Document Inventory (all)" }).check();
      await owner.page
        .getByRole("combobox", { name: /^When access is released/ })
        .selectOption({ label: "After 5 days without response" });
      await expectNoAxeViolations(owner.page, "add a nominee");
      await owner.page.getByRole("button", { name: "Save", exact: true }).click();
      await expect
        .poll(() => path(owner.page), { timeout: 15_000 })
        .toMatch(/^\/dashboard\/shared-data\/shared-by-me\/view\//);
      const nomineePage = path(owner.page);
      await owner.page.getByText("Invitation sent").first().waitFor();

      // The nominee registers from the invitation, accepts it and asks for access.
      await registerFromInvitation(nominee, nomineeEmail, "Casey Nguyen");
      await nominee.page.goto("/dashboard/shared-data/shared-with-me");
      await nominee.page.getByRole("button", { name: "Accept Jordan Avery's invitation" }).click();
      const request = nominee.page.getByRole("button", { name: "Request access to Jordan Avery's file" });
      await request.waitFor();
      await expectNoAxeViolations(nominee.page, "shared with me, accepted");
      await request.click();
      await nominee.page
        .getByRole("dialog", { name: "Request access to Jordan Avery's file?" })
        .getByRole("button", { name: "Request access" })
        .click();
      await nominee.page
        .getByTestId("shared-with-me-status")
        .getByText(/Requested on/)
        .waitFor();

      // Signed in, the owner is asked in the app too; the answer comes from the email below.
      await owner.page.goto("/dashboard/personal-network");
      await owner.page.getByText(/Casey Nguyen asked for access to your shared file/).waitFor();
      await expectFitsPhone(owner.page, "the owner's dashboard with the request banner");

      // The owner answers from the email: approved.
      const ask = await waitForMail(owner.context.request, ownerAccount.email, (mail) =>
        mail.text.includes("approve=true"),
      );
      // Opening the link (the page's script included, as a scanner running it would) only reads:
      // it names the nominee, what they would receive and when, and waits for the owner's click.
      await owner.page.goto(linkIn(ask, "approve=true"));
      const details = owner.page.getByTestId("share-request-details");
      await details.getByText(`Casey Nguyen (${nomineeEmail}) asks for access`, { exact: false }).waitFor();
      await owner.page.getByTestId("share-request-scope").getByText("Key Document Inventory").waitFor();
      await owner.page
        .getByTestId("share-request-release")
        .getByText("After 5 days without response")
        .waitFor();
      await owner.page.waitForLoadState("networkidle");
      const pending = await owner.context.request.get("/api/shared/nominees");
      const [named] = (await pending.json()) as { email: string; status: string }[];
      expect(named).toMatchObject({ email: nomineeEmail, status: "requested" });
      await expectNoAxeViolations(owner.page, "share request to confirm");
      await expectFitsPhone(owner.page, "share request to confirm");
      await owner.page.getByRole("button", { name: "Approve access for Casey Nguyen" }).click();
      const outcome = owner.page.getByTestId("share-request-outcome");
      await outcome.getByText("Success! Access has been successfully granted!").waitFor();
      await outcome.getByText("Casey Nguyen can now read:").waitFor();
      await outcome.getByText("Key Document Inventory").waitFor();
      await expectNoAxeViolations(owner.page, "accepted share request");
      await expectFitsPhone(owner.page, "accepted share request");

      // The nominee reads the will and its PDF, and nothing offers to change them.
      await nominee.page.goto("/dashboard/shared-data/shared-with-me");
      await nominee.page.getByRole("link", { name: "Open Jordan Avery's file" }).click();
      await nominee.page.getByRole("heading", { level: 1, name: "Jordan Avery's shared file" }).waitFor();
      await expectNoAxeViolations(nominee.page, "the owner's shared file");
      await expectFitsPhone(nominee.page, "the owner's shared file");
      await nominee.page.getByRole("link", { name: /^Will/ }).first().click();
      await nominee.page.getByRole("link", { name: "View record 1" }).click();
      await nominee.page.getByRole("heading", { level: 1, name: "Will" }).waitFor();
      const download = nominee.page.getByRole("link", { name: `Download ${WILL_PDF_NAME}` });
      await download.waitFor();
      expect(await nominee.page.getByRole("link", { name: "Edit" }).count()).toBe(0);
      expect(await nominee.page.getByRole("button", { name: /Delete/ }).count()).toBe(0);
      await expectNoAxeViolations(nominee.page, "a shared will");
      await expectFitsPhone(nominee.page, "a shared will");
      // The testator is the owner, not "Me", to the nominee.
      await nominee.page.getByRole("heading", { level: 1, name: "Jordan Avery" }).waitFor();
      const fileUrl = (await download.getAttribute("href")) ?? "";
      const file = await nominee.context.request.get(fileUrl);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toContain("application/pdf");
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
      const willPage = nominee.page.url();

      // The owner reads the log, then revokes.
      await owner.page.goto(nomineePage);
      await owner.page.getByText(new RegExp(`Casey downloaded ${WILL_PDF_NAME}`)).waitFor();
      await expectNoAxeViolations(owner.page, "nominee with its access log");
      await expectFitsPhone(owner.page, "nominee with its access log");
      await owner.page.getByRole("button", { name: "Revoke access" }).click();
      await owner.page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
      await owner.page.getByText("Accepted, access not released").first().waitFor();

      // The nominee has lost access, on the page they had open too.
      await nominee.page.goto(willPage);
      await nominee.page.getByTestId("shared-file-unavailable").waitFor();
      expect((await nominee.context.request.get(fileUrl)).status()).toBe(404);

      expect(owner.consoleErrors).toEqual([]);
      expect(nominee.consoleErrors).toEqual([]);
    } finally {
      await owner.context.close();
      await nominee.context.close();
    }
  });
});
