/**
 * One password rule for the meter, its checklist and the server: a password the server refuses
 * is never shown as strong, and the checklist names the rule it fails.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { uniqueEmail } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const GUESSABLE_RULE = /^Is not a common password or one made of your name or email/;

async function typePassword(page: Page, password: string): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
}

describe("the password rule", () => {
  it("never shows as strong a password the server refuses, and names the rule it fails", async () => {
    const { page, context, consoleErrors } = await pages.open();
    const email = uniqueEmail("rule");
    try {
      await page.goto("/register");
      await page.getByLabel("Full name").fill("Ada Lovelace");
      await page.getByLabel("Email", { exact: true }).fill(email);
      // Upper and lower case, digits, a symbol, 16 characters: and the name typed above.
      const madeOfName = "AdaLovelace#1815";
      await typePassword(page, madeOfName);
      await page.getByText("Password strength: weak").waitFor();
      expect(await page.getByText("Password strength: strong").count()).toBe(0);
      expect(await page.getByText(GUESSABLE_RULE).textContent()).toContain("not yet");
      await expectNoAxeViolations(page, "/register with a guessable password");

      // The server judges it the same way, with the same words.
      const refused = await context.request.post("/api/auth/sign-up/email", {
        headers: { origin: baseURL },
        data: { name: "Ada Lovelace", email, password: madeOfName },
      });
      expect(refused.status()).toBe(400);
      const message =
        "Too easy to guess: choose one that is not a common password or made of your name or email.";
      expect((await refused.json()).error).toMatchObject({
        reason: "password_too_weak",
        fields: { password: message },
      });
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText(message).waitFor();

      await typePassword(page, "Analytical-Engine-1843");
      await page.getByText("Password strength: strong").waitFor();
      expect(await page.getByText(GUESSABLE_RULE).textContent()).toContain("done");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText(/Spam or Junk/i).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
