import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "./oidc-provider.ts";
import { createRedirectBrowser } from "./redirect-browser.ts";

// Nothing listens here: the flow stops when the provider sends the browser back.
const REDIRECT_URI = "http://127.0.0.1:9/api/auth/callback/oidc";

type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  end_session_endpoint: string;
  code_challenge_methods_supported: string[];
};

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"));
}

describe("test OIDC provider", () => {
  let provider: TestOidcProvider;
  let discovery: Discovery;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
    discovery = (await (
      await fetch(`${provider.issuer}/.well-known/openid-configuration`)
    ).json()) as Discovery;
  });
  afterAll(() => provider.close());

  function authorizeUrl(challenge: string | undefined, state: string, nonce: string): string {
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid profile email",
      state,
      nonce,
      ...(challenge === undefined ? {} : { code_challenge: challenge, code_challenge_method: "S256" }),
    }).toString();
    return url.href;
  }

  it("publishes its endpoints on 127.0.0.1 with PKCE S256", () => {
    expect(discovery.issuer).toBe(provider.issuer);
    expect(new URL(discovery.issuer).hostname).toBe("127.0.0.1");
    expect(discovery.code_challenge_methods_supported).toContain("S256");
    expect(discovery.end_session_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it("signs the test account in without a browser and issues verified claims", async () => {
    const browser = createRedirectBrowser();
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const { url } = await browser.navigate(
      authorizeUrl(challenge, "state-1", "nonce-1"),
      {},
      {
        stopAt: (next) => next.href.startsWith(REDIRECT_URI),
      },
    );
    const callback = new URL(url);
    expect(callback.searchParams.get("state")).toBe("state-1");
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();
    expect(provider.interactions).toEqual(["login", "consent"]);

    const token = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code ?? "",
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }),
    });
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { id_token: string; access_token: string };
    expect(claimsOf(tokens.id_token)).toMatchObject({
      iss: provider.issuer,
      aud: provider.clientId,
      sub: provider.account.sub,
      nonce: "nonce-1",
    });

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toEqual({
      sub: provider.account.sub,
      email: provider.account.email,
      email_verified: true,
      name: provider.account.name,
    });
  });

  it("refuses an authorization request without PKCE", async () => {
    const browser = createRedirectBrowser();
    const { url } = await browser.navigate(
      authorizeUrl(undefined, "state-2", "nonce-2"),
      {},
      {
        stopAt: (next) => next.href.startsWith(REDIRECT_URI),
      },
    );
    const callback = new URL(url);
    expect(callback.searchParams.get("error")).toBe("invalid_request");
    expect(callback.searchParams.get("code")).toBeNull();
  });
});
