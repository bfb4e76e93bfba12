import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppBrowser, createAppBrowser } from "../testing/app-browser.ts";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { totp, totpSecretOf } from "../testing/totp.ts";

type Enabled = { totpURI: string; backupCodes: string[] };

/** A code of the secret that is not the current one, nor the one before or after (the server's window). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totp(secret, { at: Date.now() + offset })));
  for (let step = 10; ; step += 1) {
    const code = totp(secret, { at: Date.now() + step * 30_000 });
    if (!valid.has(code)) return code;
  }
}

describe.each(testDialects())("two-factor sign-in on %s", (dialect) => {
  let test: TestApp;

  beforeAll(async () => {
    // Many sign-ins from one address: the per-address limit is tested elsewhere.
    test = await buildTestApp(dialect, { config: { authRateLimit: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(() => test.close());

  async function signedIn(user: TestUser): Promise<AppBrowser> {
    const browser = createAppBrowser(test);
    const response = await browser.signIn(user.email, user.password);
    expect(response.status).toBe(200);
    return browser;
  }

  /** Enables TOTP with the password and confirms it with a code, as the My Account page does. */
  async function enableTwoFactor(user: TestUser, browser: AppBrowser): Promise<Enabled & { secret: string }> {
    const enabled = await browser.post("/api/auth/two-factor/enable", { password: user.password });
    expect(enabled.status).toBe(200);
    const body = (await enabled.json()) as Enabled;
    const secret = totpSecretOf(body.totpURI);
    const confirmed = await browser.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(confirmed.status).toBe(200);
    return { ...body, secret };
  }

  it("turns on with the password, then asks every password sign-in for a code", async () => {
    const user = await createSignedInUser(test);
    const browser = await signedIn(user);

    const wrongPassword = await browser.post("/api/auth/two-factor/enable", {
      password: "not the password at all",
    });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).error.reason).toBe("invalid_password");

    const enabled = await browser.post("/api/auth/two-factor/enable", { password: user.password });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as Enabled;
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Kinfile");
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    // Not on until a code proves the authenticator app holds the secret.
    expect((await (await browser.account()).json()).twoFactorEnabled).toBe(false);

    const secret = totpSecretOf(totpURI);
    // A mistyped code while setting up is the field's problem: 400, and the session goes on.
    const mistyped = await browser.post("/api/auth/two-factor/verify-totp", { code: wrongCode(secret) });
    expect(mistyped.status).toBe(400);
    expect((await mistyped.json()).error).toMatchObject({
      code: "validation_failed",
      reason: "invalid_code",
    });
    expect((await browser.account()).status).toBe(200);
    const confirmed = await browser.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(confirmed.status).toBe(200);
    expect((await (await browser.account()).json()).twoFactorEnabled).toBe(true);

    expect((await browser.signOut()).status).toBe(200);
    expect((await browser.account()).status).toBe(401);

    const password = await browser.signIn(user.email, user.password);
    expect(password.status).toBe(200);
    expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
    // The password alone opens nothing.
    expect((await browser.account()).status).toBe(401);

    const wrong = await browser.post("/api/auth/two-factor/verify-totp", { code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    const refusal = (await wrong.json()).error;
    expect(refusal).toMatchObject({ code: "validation_failed", reason: "invalid_code" });
    expect(refusal.message).toMatch(/code is not correct/);
    expect(refusal.fields).toEqual({ code: refusal.message });
    expect((await browser.account()).status).toBe(401);

    const french = await browser.post(
      "/api/auth/two-factor/verify-totp",
      { code: wrongCode(secret) },
      { "accept-language": "fr" },
    );
    expect((await french.json()).error.message).toMatch(/^Ce code est incorrect/);

    const right = await browser.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(right.status).toBe(200);
    const account = await browser.account();
    expect(account.status).toBe(200);
    expect((await account.json()).id).toBe(user.id);
  });

  it("accepts each backup code once", async () => {
    const user = await createSignedInUser(test);
    const browser = await signedIn(user);
    const { backupCodes } = await enableTwoFactor(user, browser);
    const [backupCode] = backupCodes;
    if (backupCode === undefined) throw new Error("no backup code");
    await browser.signOut();

    expect(await (await browser.signIn(user.email, user.password)).json()).toMatchObject({
      twoFactorRedirect: true,
    });
    const first = await browser.post("/api/auth/two-factor/verify-backup-code", { code: backupCode });
    expect(first.status).toBe(200);
    expect((await browser.account()).status).toBe(200);
    await browser.signOut();

    expect(await (await browser.signIn(user.email, user.password)).json()).toMatchObject({
      twoFactorRedirect: true,
    });
    const again = await browser.post("/api/auth/two-factor/verify-backup-code", { code: backupCode });
    // A wrong code is the field's problem (400), never taken for an ended session (401).
    expect(again.status).toBe(400);
    const refusal = (await again.json()).error;
    expect(refusal).toMatchObject({ code: "validation_failed", reason: "invalid_backup_code" });
    expect(refusal.message).toMatch(/backup code is not correct or was already used/);
    expect((await browser.account()).status).toBe(401);

    // Another, unused code still works.
    const other = await browser.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] });
    expect(other.status).toBe(200);
    expect((await browser.account()).status).toBe(200);
  });

  it("turns off with the password, after which the password alone signs in again", async () => {
    const user = await createSignedInUser(test);
    const browser = await signedIn(user);
    const { secret } = await enableTwoFactor(user, browser);

    const wrongPassword = await browser.post("/api/auth/two-factor/disable", {
      password: "not the password at all",
    });
    expect(wrongPassword.status).toBe(400);
    expect((await (await browser.account()).json()).twoFactorEnabled).toBe(true);

    const disabled = await browser.post("/api/auth/two-factor/disable", { password: user.password });
    expect(disabled.status).toBe(200);
    expect((await (await browser.account()).json()).twoFactorEnabled).toBe(false);
    await browser.signOut();

    const again = await browser.signIn(user.email, user.password);
    expect(again.status).toBe(200);
    expect(await again.json()).not.toHaveProperty("twoFactorRedirect");
    expect((await browser.account()).status).toBe(200);
    // The old secret is gone with it: a code of it proves nothing any more.
    const stale = await browser.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(stale.status).toBeGreaterThanOrEqual(400);
  });

  it("records turning it on and off in the security log", async () => {
    const user = await createSignedInUser(test);
    const browser = await signedIn(user);
    await enableTwoFactor(user, browser);
    await browser.post("/api/auth/two-factor/disable", { password: user.password });
    const kinds = await test.database.db
      .selectFrom("sign_in_event")
      .select(["kind"])
      .where("user_id", "=", user.id)
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(
      expect.arrayContaining(["two_factor_enabled", "two_factor_disabled"]),
    );
  });
});
