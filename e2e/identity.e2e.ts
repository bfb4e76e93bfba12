/**
 * The identity journey of a real person: register, confirm the address from the email, sign in,
 * turn on two-factor authentication, change language and theme in My Account (kept across a
 * reload), sign out, sign in again with a code; passkeys added and used (Chromium's virtual
 * authenticator) and a prompt that ends without one; and the session warning counting down.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { totp } from "../server/testing/totp.ts";
import { E2E_PASSWORD, linkIn, signedInAccount, uniqueEmail, waitForMail } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

const pages = browserPages();
const _baseURL = inject("baseURL");

const path = (page: Page) => new URL(page.url()).pathname;

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("identity", () => {
  it("registers, verifies by email, turns on two-factor, keeps preferences and signs in again with a code", async () => {
    const { page, context, consoleErrors } = await pages.open();
    const email = uniqueEmail("journey");
    try {
      await page.goto("/login");
      await page.getByRole("heading", { name: "Sign in to Kinfile" }).waitFor();
      await page.getByRole("link", { name: "Create an account" }).click();
      await expect.poll(() => path(page)).toBe("/register");
      await page.getByLabel("Full name").fill("Camille Roy");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
      await page.getByLabel("Confirm password", { exact: true }).fill(E2E_PASSWORD);
      await expectNoAxeViolations(page, "/register");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText(/Spam or Junk/i).waitFor();
      await expectNoAxeViolations(page, "check your email");

      // Signing in before confirming the address is refused with a way to resend the email.
      await page.goto("/login");
      await signIn(page, email, E2E_PASSWORD);
      await page.getByRole("button", { name: /Resend/i }).waitFor();

      const verification = await waitForMail(context.request, email);
      // The mailed link opens a page that confirms only on a click (a scanner opening it confirms nothing).
      await page.goto(linkIn(verification, "verify-email"));
      await page.getByText(`Press the button to confirm ${email} as the address`, { exact: false }).waitFor();
      await expectNoAxeViolations(page, "confirm the email address");
      await expectFitsPhone(page, "confirm the email address");
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await page.getByText("Your email address is confirmed").waitFor();
      await signIn(page, email, E2E_PASSWORD);
      await expect.poll(() => path(page), { timeout: 15_000 }).toBe("/dashboard");

      // First sign-in: the introduction guide opens; Skip closes it for good.
      await page.getByRole("dialog", { name: "Hi there!" }).waitFor();
      await expectNoAxeViolations(page, "intro guide");
      await page.getByRole("button", { name: "Skip" }).click();
      await page.getByRole("dialog", { name: "Hi there!" }).waitFor({ state: "detached" });

      await page.goto("/dashboard/manage-account");
      await page.getByRole("heading", { name: "My Account", level: 1 }).waitFor();
      await expectNoAxeViolations(page, "My Account");
      const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
      await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await twoFactor
        .getByLabel(/^Password/)
        .first()
        .fill(E2E_PASSWORD);
      await twoFactor.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("img", { name: "QR code to add Kinfile to an authenticator app" }).waitFor();
      const secret = ((await twoFactor.locator("code").first().textContent()) ?? "").replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await page.getByLabel("6-digit code").fill(totp(secret));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByRole("list", { name: "Backup codes" }).waitFor();
      await page.getByRole("button", { name: "I have stored my backup codes" }).click();
      await page.getByText("Status: On").waitFor();

      // Preferences belong to the account: they survive a reload (and another device).
      await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("fr");
      await page.getByRole("combobox", { name: "Mode du thème" }).selectOption("dark");
      await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
      await page.reload();
      await page.getByRole("heading", { name: "Mon compte", level: 1 }).waitFor();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("fr");
      await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
      await expectNoAxeViolations(page, "My Account in French, dark");

      await page.goto("/signout");
      await expect.poll(() => path(page), { timeout: 15_000 }).toBe("/login");
      // The browser remembers the account's language: the sign-in page now reads in French.
      await page.getByLabel("Courriel", { exact: true }).fill(email);
      await page.getByLabel("Mot de passe", { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole("button", { name: "Se connecter", exact: true }).click();
      await page.getByRole("heading", { name: "Vérification en deux étapes" }).waitFor();
      await page.getByLabel("Code d'authentification").fill(totp(secret));
      await page.getByRole("button", { name: "Vérifier", exact: true }).click();
      await expect.poll(() => path(page), { timeout: 15_000 }).toBe("/dashboard");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  describe("with passkeys, on a server named localhost", () => {
    let named: RunningServer;
    beforeAll(async () => {
      named = await startServer({}, { publicHost: "localhost" });
    });
    afterAll(async () => {
      await named?.stop();
    });

    it("adds a passkey, signs in with it, and says plainly when the prompt ends without one", async () => {
      const { page, context, consoleErrors } = await pages.open({ baseURL: named.url });
      try {
        // Chromium's virtual authenticator: the device's screen lock, always answering yes.
        const cdp = await context.newCDPSession(page);
        await cdp.send("WebAuthn.enable");
        const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
          options: {
            protocol: "ctap2",
            transport: "internal",
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true,
          },
        });
        await signedInAccount(context, named.url);
        await page.goto("/dashboard/manage-account/my-account");
        const passkeys = page.getByRole("region", { name: "Passkeys" });
        await passkeys.getByRole("textbox", { name: "Passkey name (optional)" }).fill("Work laptop");
        await passkeys.getByRole("button", { name: "Add a passkey" }).click();
        await passkeys.getByText("Your passkey is added.").waitFor();
        await passkeys.getByText("Work laptop").waitFor();
        // The same device again: the browser refuses, and the page says why.
        await passkeys.getByRole("button", { name: "Add a passkey" }).click();
        await passkeys.getByText("This device already holds a passkey for your account").waitFor();

        await context.clearCookies();
        await page.goto("/login");
        await page.getByRole("button", { name: "Sign in with a passkey" }).click();
        await expect.poll(() => path(page), { timeout: 15_000 }).toMatch(/^\/dashboard/);

        // A device holding no passkey for Kinfile: no failure, the way on.
        await cdp.send("WebAuthn.clearCredentials", { authenticatorId });
        await context.clearCookies();
        await page.goto("/login");
        await page.getByRole("button", { name: "Sign in with a passkey" }).click();
        await page.getByText(/^No passkey was used: .* sign in with your email and password\.$/).waitFor();
        await expectNoAxeViolations(page, "/login, passkey prompt ended");
        expect(path(page)).toBe("/login");
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  });

  describe("with a short session", () => {
    let shortServer: RunningServer;
    beforeAll(async () => {
      shortServer = await startServer({ SESSION_TTL_SECONDS: "200" });
    });
    afterAll(async () => {
      await shortServer?.stop();
    });

    it("warns before the session ends, counts down, and Cancel signs out", async () => {
      const { page, context } = await pages.open({ baseURL: shortServer.url });
      try {
        await signedInAccount(context, shortServer.url);
        await page.goto("/dashboard/personal-network");
        const dialog = page.getByRole("dialog", { name: "Your session is ending" });
        await dialog.waitFor({ timeout: 20_000 });
        await page.getByText("Please prolongate your session to continue use of the product").waitFor();
        const timer = dialog.getByRole("timer");
        const first = await timer.textContent();
        await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
        await expectNoAxeViolations(page, "session warning");

        await dialog.getByRole("button", { name: "Continue" }).click();
        await dialog.waitFor({ state: "detached" });
        expect((await context.request.get("/api/account/session")).status()).toBe(200);

        await page.reload();
        await dialog.waitFor({ timeout: 120_000 });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect.poll(() => path(page), { timeout: 15_000 }).toBe("/login");
        expect((await context.request.get("/api/account/session")).status()).toBe(401);
      } finally {
        await context.close();
      }
    }, 180_000);
  });
});
