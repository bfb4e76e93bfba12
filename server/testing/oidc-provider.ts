import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Adapter, type AdapterPayload, type Configuration } from "oidc-provider";

/** The person the provider signs in; their claims are what the relying party receives. */
export type OidcTestAccount = { sub: string; email: string; emailVerified: boolean; name: string };

export type TestOidcProvider = {
  /** http://127.0.0.1:<port>, the OIDC_ISSUER of the app under test. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET for the app's config. */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** Who the next interaction signs in; tests may switch it. */
  account: OidcTestAccount;
  /** Interactions answered so far, by prompt ("login", "consent"). */
  interactions: string[];
  close(): Promise<void>;
};

/** Confirms the provider's "sign out?" page as a person would, given the page's HTML. */
export function logoutConfirmation(html: string, issuer: string): { url: string; body: string } {
  const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (action === undefined || xsrf === undefined) throw new Error(`no logout form in: ${html}`);
  return { url: new URL(action, issuer).href, body: new URLSearchParams({ xsrf, logout: "yes" }).toString() };
}

export const DEFAULT_OIDC_ACCOUNT: OidcTestAccount = {
  sub: "oidc-user-1",
  email: "grace@idp.example",
  emailVerified: true,
  name: "Grace Hopper",
};

const SCOPES = ["openid", "profile", "email"];

/**
 * The provider's state (sessions, interactions, codes, grants) in one Map per provider. Its own
 * memory adapter would do as well but warns on every start that it is not for production.
 */
function memoryAdapter(): (model: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const find = (key: string) => {
    const entry = store.get(key);
    if (entry === undefined || entry.expiresAt <= Date.now()) return undefined;
    return entry.payload;
  };
  const findBy = (model: string, field: "uid" | "userCode", value: string) => {
    for (const [key, entry] of store) {
      if (key.startsWith(`${model}:`) && entry.payload[field] === value) return find(key);
    }
    return undefined;
  };
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      store.set(`${model}:${id}`, { payload, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
    },
    find: async (id) => find(`${model}:${id}`),
    findByUid: async (uid) => findBy(model, "uid", uid),
    findByUserCode: async (userCode) => findBy(model, "userCode", userCode),
    async consume(id) {
      const payload = find(`${model}:${id}`);
      if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    },
  });
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1 and a free port, for tests of
 * the "sign in with your provider" flow without a browser: one confidential client (authorization
 * code, PKCE S256 required, client_secret_post as better-auth sends it, scopes openid profile
 * email) and interactions that sign the test account in and grant consent at once, so a test can
 * follow the redirects with fetch. Everything lives in memory and goes with close().
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  postLogoutRedirectUri?: string;
  account?: Partial<OidcTestAccount>;
}): Promise<TestOidcProvider> {
  const clientId = "kinfile-test";
  const clientSecret = randomBytes(24).toString("base64url");
  const interactions: string[] = [];
  let provider: Provider | undefined;
  let callback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  const server = createServer((req, res) => {
    if (provider === undefined || callback === undefined) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith("/interaction/")) {
      interact(provider, req, res).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
      return;
    }
    callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const result: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    account: { ...DEFAULT_OIDC_ACCOUNT, ...options.account },
    interactions,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };

  /** Signs the current test account in, then grants everything the client asked for. */
  async function interact(oidc: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await oidc.interactionDetails(req, res);
    interactions.push(details.prompt.name);
    if (details.prompt.name === "login") {
      await oidc.interactionFinished(
        req,
        res,
        { login: { accountId: result.account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId ?? result.account.sub;
    const grant = details.grantId
      ? await oidc.Grant.find(details.grantId)
      : new oidc.Grant({ accountId, clientId: String(details.params.client_id) });
    if (grant === undefined) throw new Error("grant not found");
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await oidc.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: options.postLogoutRedirectUri ? [options.postLogoutRedirectUri] : [],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
        scope: SCOPES.join(" "),
      },
    ],
    pkce: { required: () => true },
    scopes: SCOPES,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_ctx, sub) =>
      sub === result.account.sub
        ? {
            accountId: sub,
            claims: async () => ({
              sub,
              email: result.account.email,
              email_verified: result.account.emailVerified,
              name: result.account.name,
            }),
          }
        : undefined,
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // The provider's own "sign out?" page, bare: a test reads its form and posts logout=yes.
      rpInitiatedLogout: {
        logoutSource: async (ctx, form) => {
          ctx.type = "html";
          ctx.body = `<!doctype html><title>Sign out</title>${form}`;
        },
      },
    },
    jwks: { keys: [{ ...signingKey, kid: "test", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 3600,
    },
    // Errors as JSON, so a failing test shows the provider's reason instead of an HTML page.
    renderError: async (ctx, out) => {
      ctx.type = "json";
      ctx.body = out;
    },
  };
  provider = new Provider(issuer, configuration);
  callback = provider.callback();
  return result;
}
