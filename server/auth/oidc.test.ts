import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppBrowser, createAppBrowser } from "../testing/app-browser.ts";
import { createSignedInUser, linkIn, mailsTo, uniqueEmail, verifyEndpointOf } from "../testing/identity.ts";
import {
  DEFAULT_OIDC_ACCOUNT,
  logoutConfirmation,
  startOidcProvider,
  type TestOidcProvider,
} from "../testing/oidc-provider.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

const PUBLIC_URL = "http://localhost:3000";
/** Where the app sends the browser back, success or failure (the spec's /implicit/callback page). */
const RETURN_PATH = "/implicit/callback";

describe.each(testDialects())("sign-in through an OpenID Connect provider on %s", (dialect) => {
  let provider: TestOidcProvider;
  let test: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUri: `${PUBLIC_URL}/api/auth/callback/oidc`,
      postLogoutRedirectUri: `${PUBLIC_URL}/login`,
    });
    test = await buildTestApp(dialect, {
      config: {
        publicUrl: PUBLIC_URL,
        oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
        authRateLimit: { max: 1000, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await test.close();
    await provider.close();
  });

  /** What the login page's provider button does: ask the app where to go, and go there. */
  async function startSignIn(browser: AppBrowser): Promise<URL> {
    const response = await browser.post("/api/auth/sign-in/social", {
      provider: "oidc",
      callbackURL: RETURN_PATH,
      errorCallbackURL: RETURN_PATH,
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    return new URL(url);
  }

  /** Follows the redirects from the provider back to the app, stopping at the app's own page. */
  function follow(browser: AppBrowser, url: string, stopAtCallback = false) {
    return browser.navigate(
      url,
      {},
      {
        stopAt: (next) =>
          next.origin === PUBLIC_URL &&
          (next.pathname === RETURN_PATH || (stopAtCallback && next.pathname === "/api/auth/callback/oidc")),
      },
    );
  }

  async function signInThroughProvider(browser: AppBrowser) {
    const authorize = await startSignIn(browser);
    return follow(browser, authorize.href);
  }

  async function accountOf(browser: AppBrowser) {
    const response = await browser.account();
    return { status: response.status, body: response.status === 200 ? await response.json() : null };
  }

  async function usersWithEmail(email: string): Promise<string[]> {
    const rows = await test.database.db
      .selectFrom("user")
      .select(["id"])
      .where("email", "=", email)
      .execute();
    return rows.map((row) => row.id);
  }

  it("offers the provider on the login page when it is configured", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/auth-options" });
    expect(response.json()).toMatchObject({ oidc: true });
  });

  it("asks the provider for an authorization code with PKCE S256, state and nonce", async () => {
    const authorize = await startSignIn(createAppBrowser(test));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.issuer}/auth`);
    const params = authorize.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(provider.clientId);
    expect(params.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/auth/callback/oidc`);
    expect(params.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
  });

  it("creates a verified account and a session from the provider's sign-in, and reuses it next time", async () => {
    const browser = createAppBrowser(test);
    const before = provider.interactions.length;
    const { url, visited } = await signInThroughProvider(browser);
    expect(new URL(url).pathname).toBe(RETURN_PATH);
    expect(new URL(url).searchParams.get("error")).toBeNull();
    expect(visited.some((step) => step.startsWith(`${PUBLIC_URL}/api/auth/callback/oidc?code=`))).toBe(true);
    expect(provider.interactions.slice(before)).toEqual(["login", "consent"]);

    const { status, body } = await accountOf(browser);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      email: DEFAULT_OIDC_ACCOUNT.email,
      name: DEFAULT_OIDC_ACCOUNT.name,
      emailVerified: true,
      hasPassword: false,
      providers: ["oidc"],
    });
    expect(body.roles).toContain("subscriber");
    const [userId] = await usersWithEmail(DEFAULT_OIDC_ACCOUNT.email);

    // Signed out of the app only: the provider remembers the person and answers at once.
    expect((await browser.signOut()).status).toBe(200);
    expect((await accountOf(browser)).status).toBe(401);
    const interactions = provider.interactions.length;
    const again = await signInThroughProvider(browser);
    expect(new URL(again.url).searchParams.get("error")).toBeNull();
    expect(provider.interactions.length).toBe(interactions);
    expect((await accountOf(browser)).body?.id).toBe(userId);

    // Another browser signs in again at the provider, and lands on the same account.
    const other = createAppBrowser(test);
    await signInThroughProvider(other);
    expect((await accountOf(other)).body?.id).toBe(userId);
    expect(await usersWithEmail(DEFAULT_OIDC_ACCOUNT.email)).toEqual([userId]);
  });

  it("gives the provider's end-session address to sign out of both", async () => {
    const browser = createAppBrowser(test);
    await signInThroughProvider(browser);
    const response = await browser.get("/api/account/signout-url");
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const endSession = new URL(url);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${PUBLIC_URL}/login`);
    expect(endSession.searchParams.get("client_id")).toBe(provider.clientId);
    expect(endSession.searchParams.get("id_token_hint")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The provider recognises the hint and asks the person to confirm; confirming ends its session
    // and sends the browser back to the app's login page.
    await browser.signOut();
    const page = await browser.request(url);
    expect(page.status).toBe(200);
    const confirm = logoutConfirmation(await page.text(), provider.issuer);
    const loggedOut = await browser.navigate(
      confirm.url,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: confirm.body,
      },
      { stopAt: (next) => next.origin === PUBLIC_URL },
    );
    expect(new URL(loggedOut.url).pathname).toBe("/login");
    // Signing in again now means signing in at the provider again.
    const before = provider.interactions.length;
    await signInThroughProvider(browser);
    expect(provider.interactions.slice(before)).toEqual(["login", "consent"]);
    expect((await accountOf(browser)).status).toBe(200);

    const password = await createSignedInUser(test);
    const passwordBrowser = createAppBrowser(test);
    await passwordBrowser.signIn(password.email, password.password);
    expect(await (await passwordBrowser.get("/api/account/signout-url")).json()).toEqual({ url: null });
  });

  it("refuses a forged callback and a code delivered to another browser", async () => {
    const victim = createAppBrowser(test);
    const forged = await follow(victim, `${PUBLIC_URL}/api/auth/callback/oidc?code=forged&state=forged`);
    expect(new URL(forged.url).searchParams.get("error")).toBe("state_mismatch");
    // The app's callback page explains the failure, not better-auth's bare error page.
    expect(new URL(forged.url).pathname).toBe("/implicit/callback");
    expect((await accountOf(victim)).status).toBe(401);

    // An attacker runs the flow up to the callback with their own browser, then lures the victim
    // (who has started a sign-in of their own) to the callback address: the state is not theirs.
    const attacker = createAppBrowser(test);
    const stolen = await follow(attacker, (await startSignIn(attacker)).href, true);
    expect(new URL(stolen.url).pathname).toBe("/api/auth/callback/oidc");
    await startSignIn(victim);
    const lured = await follow(victim, stolen.url);
    expect(new URL(lured.url).searchParams.get("error")).toBe("state_mismatch");
    expect((await accountOf(victim)).status).toBe(401);

    // The attacker's own browser may finish its own sign-in, once: the same callback again is refused.
    const own = await follow(attacker, stolen.url);
    expect(new URL(own.url).searchParams.get("error")).toBeNull();
    expect((await attacker.signOut()).status).toBe(200);
    const replay = await follow(attacker, stolen.url);
    expect(new URL(replay.url).searchParams.get("error")).toBeTruthy();
    expect((await accountOf(attacker)).status).toBe(401);
  });

  it("opens no session for an address the provider has not verified until its owner verifies it", async () => {
    const email = uniqueEmail("unverified-at-idp");
    provider.account = { sub: "oidc-unverified", email, emailVerified: false, name: "Unverified" };
    try {
      const browser = createAppBrowser(test);
      const first = await signInThroughProvider(browser);
      expect(new URL(first.url).searchParams.get("error")).toBe("email_not_verified");
      expect((await accountOf(browser)).status).toBe(401);

      const verification = (await mailsTo(test, email)).find((mail) => mail.template === "verifyEmail");
      if (verification === undefined) throw new Error("no verification mail");
      await browser.navigate(
        new URL(verifyEndpointOf(linkIn(test, verification.text)), test.config.publicUrl).href,
        {},
        { stopAt: (next) => next.origin === PUBLIC_URL },
      );

      const second = await signInThroughProvider(browser);
      expect(new URL(second.url).searchParams.get("error")).toBeNull();
      const { status, body } = await accountOf(browser);
      expect(status).toBe(200);
      expect(body).toMatchObject({ email, emailVerified: true, providers: ["oidc"] });
    } finally {
      provider.account = { ...DEFAULT_OIDC_ACCOUNT };
    }
  });

  it("does not hand an existing password account to a provider that has not verified the address", async () => {
    const owner = await createSignedInUser(test);
    provider.account = { sub: "oidc-impostor", email: owner.email, emailVerified: false, name: "Impostor" };
    try {
      const impostor = createAppBrowser(test);
      const { url } = await signInThroughProvider(impostor);
      expect(new URL(url).searchParams.get("error")).toBe("account_not_linked");
      expect((await accountOf(impostor)).status).toBe(401);
      const linked = await test.database.db
        .selectFrom("account")
        .select(["providerId"])
        .where("userId", "=", owner.id)
        .execute();
      expect(linked.map((row) => row.providerId)).toEqual(["credential"]);
    } finally {
      provider.account = { ...DEFAULT_OIDC_ACCOUNT };
    }
  });
});

describe.each(testDialects())("without an OpenID Connect provider on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
  });
  afterAll(() => test.close());

  it("offers no provider sign-in", async () => {
    const options = await test.app.inject({ method: "GET", url: "/api/auth-options" });
    expect(options.json()).toMatchObject({ oidc: false });
    const browser = createAppBrowser(test);
    const start = await browser.post("/api/auth/sign-in/social", {
      provider: "oidc",
      callbackURL: RETURN_PATH,
    });
    expect(start.status).toBeGreaterThanOrEqual(400);
    expect(start.status).toBeLessThan(500);
  });
});
