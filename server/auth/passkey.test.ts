import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppBrowser, createAppBrowser } from "../testing/app-browser.ts";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import {
  createSoftwareAuthenticator,
  type SoftwareAuthenticator,
} from "../testing/software-authenticator.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

type StoredPasskey = { id: string; name: string | null; credentialID: string };

describe.each(testDialects())("passkeys on %s", (dialect) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { authRateLimit: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(() => test.close());

  async function signedIn(user: TestUser): Promise<AppBrowser> {
    const browser = createAppBrowser(test);
    expect((await browser.signIn(user.email, user.password)).status).toBe(200);
    return browser;
  }

  /** The My Account "Add a passkey" ceremony, answered by a software authenticator. */
  async function registerPasskey(browser: AppBrowser, authenticator: SoftwareAuthenticator, name = "Laptop") {
    const options = await browser.get("/api/auth/passkey/generate-register-options");
    expect(options.status).toBe(200);
    const creation = (await options.json()) as PublicKeyCredentialCreationOptionsJSON;
    return browser.post("/api/auth/passkey/verify-registration", {
      response: authenticator.register(creation),
      name,
    });
  }

  async function authenticationOptions(browser: AppBrowser): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await browser.get("/api/auth/passkey/generate-authenticate-options");
    expect(options.status).toBe(200);
    return (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
  }

  function verifyAuthentication(browser: AppBrowser, response: AuthenticationResponseJSON) {
    return browser.post("/api/auth/passkey/verify-authentication", { response });
  }

  /** A refusal in our error format, worded for the person, not better-auth's English. */
  async function expectRefusal(response: Response, status: number, code: string, message: RegExp) {
    expect(response.status).toBe(status);
    const { error } = (await response.json()) as { error: { code: string; reason: string; message: string } };
    expect(error.reason).toBe(code);
    expect(error.code).toBe(status === 401 ? "unauthenticated" : "bad_request");
    expect(error.message).toMatch(message);
  }

  async function counterOf(credentialID: string): Promise<number> {
    const row = await test.database.db
      .selectFrom("passkey")
      .select(["counter"])
      .where("credentialID", "=", credentialID)
      .executeTakeFirstOrThrow();
    return Number(row.counter);
  }

  /** A registered passkey and a browser that is signed out again. */
  async function withPasskey() {
    const user = await createSignedInUser(test);
    const browser = await signedIn(user);
    const authenticator = createSoftwareAuthenticator({ origin: test.config.publicUrl });
    expect((await registerPasskey(browser, authenticator)).status).toBe(200);
    await browser.signOut();
    const credentialID = Buffer.from(authenticator.credentials[0]?.id ?? []).toString("base64url");
    return { user, browser, authenticator, credentialID };
  }

  it("registers a passkey for the signed-in account", async () => {
    const user = await createSignedInUser(test);
    const browser = await signedIn(user);
    const authenticator = createSoftwareAuthenticator({ origin: test.config.publicUrl });

    const options = await browser.get("/api/auth/passkey/generate-register-options");
    const creation = (await options.json()) as PublicKeyCredentialCreationOptionsJSON;
    expect(creation.rp).toMatchObject({ name: "Kinfile", id: new URL(test.config.publicUrl).hostname });
    expect(creation.attestation).toBe("none");

    const registered = await browser.post("/api/auth/passkey/verify-registration", {
      response: authenticator.register(creation),
      name: "Laptop",
    });
    expect(registered.status).toBe(200);

    const list = await browser.get("/api/auth/passkey/list-user-passkeys");
    expect(list.status).toBe(200);
    const passkeys = (await list.json()) as StoredPasskey[];
    expect(passkeys).toHaveLength(1);
    expect(passkeys[0]).toMatchObject({
      name: "Laptop",
      credentialID: Buffer.from(authenticator.credentials[0]?.id ?? []).toString("base64url"),
    });

    const events = await test.database.db
      .selectFrom("sign_in_event")
      .select(["kind"])
      .where("user_id", "=", user.id)
      .execute();
    expect(events.map((event) => event.kind)).toContain("passkey_added");
  });

  it("refuses to register a passkey without a session, or from another origin", async () => {
    const anonymous = createAppBrowser(test);
    expect((await anonymous.get("/api/auth/passkey/generate-register-options")).status).toBe(401);

    const user = await createSignedInUser(test);
    const browser = await signedIn(user);
    const authenticator = createSoftwareAuthenticator({ origin: test.config.publicUrl });
    const options = await browser.get("/api/auth/passkey/generate-register-options");
    const creation = (await options.json()) as PublicKeyCredentialCreationOptionsJSON;
    const elsewhere = await browser.post("/api/auth/passkey/verify-registration", {
      response: authenticator.register(creation, { origin: "https://kinfile.evil.example" }),
    });
    await expectRefusal(elsewhere, 400, "failed_to_verify_registration", /^This passkey could not be added/);
    expect(await (await browser.get("/api/auth/passkey/list-user-passkeys")).json()).toEqual([]);
  });

  it("signs in with the passkey alone, moving its signature counter forward", async () => {
    const { user, browser, authenticator, credentialID } = await withPasskey();
    expect((await browser.account()).status).toBe(401);
    expect(await counterOf(credentialID)).toBe(0);

    const options = await authenticationOptions(browser);
    expect(options.rpId).toBe(new URL(test.config.publicUrl).hostname);
    const signIn = await verifyAuthentication(browser, authenticator.authenticate(options));
    expect(signIn.status).toBe(200);
    const account = await browser.account();
    expect(account.status).toBe(200);
    expect((await account.json()).id).toBe(user.id);
    expect(await counterOf(credentialID)).toBe(1);

    await browser.signOut();
    const again = await verifyAuthentication(
      browser,
      authenticator.authenticate(await authenticationOptions(browser)),
    );
    expect(again.status).toBe(200);
    expect(await counterOf(credentialID)).toBe(2);
  });

  it("refuses a tampered signature, another origin and a replayed assertion", async () => {
    const { browser, authenticator, credentialID } = await withPasskey();

    const good = authenticator.authenticate(await authenticationOptions(browser));
    const signature = Buffer.from(good.response.signature, "base64url");
    signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0x01;
    const tampered = await verifyAuthentication(browser, {
      ...good,
      response: { ...good.response, signature: signature.toString("base64url") },
    });
    await expectRefusal(tampered, 401, "authentication_failed", /^This passkey could not be verified/);
    expect((await browser.account()).status).toBe(401);

    const elsewhere = await verifyAuthentication(
      browser,
      authenticator.authenticate(await authenticationOptions(browser), {
        origin: "https://kinfile.evil.example",
      }),
    );
    await expectRefusal(elsewhere, 400, "authentication_failed", /^This passkey could not be verified/);
    expect((await browser.account()).status).toBe(401);
    expect(await counterOf(credentialID)).toBe(0);

    const options = await authenticationOptions(browser);
    const assertion = authenticator.authenticate(options);
    expect((await verifyAuthentication(browser, assertion)).status).toBe(200);
    await browser.signOut();
    // The challenge was used up: the same answer, sent again, opens nothing.
    const replayed = await verifyAuthentication(browser, assertion);
    await expectRefusal(replayed, 400, "challenge_not_found", /^This passkey request has expired/);
    expect((await browser.account()).status).toBe(401);
  });

  it("refuses an assertion whose counter went backwards (a cloned authenticator)", async () => {
    const { browser, authenticator, credentialID } = await withPasskey();
    for (let round = 0; round < 2; round += 1) {
      expect(
        (
          await verifyAuthentication(
            browser,
            authenticator.authenticate(await authenticationOptions(browser)),
          )
        ).status,
      ).toBe(200);
      await browser.signOut();
    }
    expect(await counterOf(credentialID)).toBe(2);
    const credential = authenticator.credentials[0];
    if (credential === undefined) throw new Error("no credential");
    // A copy of the key that missed the last two uses.
    (credential as { signCount: number }).signCount = 0;
    const cloned = await verifyAuthentication(
      browser,
      authenticator.authenticate(await authenticationOptions(browser)),
    );
    await expectRefusal(cloned, 400, "authentication_failed", /^This passkey could not be verified/);
    expect((await browser.account()).status).toBe(401);
    expect(await counterOf(credentialID)).toBe(2);
  });
});
