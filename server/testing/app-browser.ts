import { browserHeaders } from "./identity.ts";
import { createRedirectBrowser, injectHandler, type OriginHandler } from "./redirect-browser.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A browser pointed at the app under test (served through app.inject at its PUBLIC_URL), with
 * cookies kept across calls the way a real one keeps them: the session, the two-factor challenge,
 * the passkey challenge and the OIDC state cookies all travel without the test handling them.
 * Other origins (an identity provider) are reached over real HTTP.
 */
export function createAppBrowser(test: TestApp, options: { handlers?: Record<string, OriginHandler> } = {}) {
  const origin = test.config.publicUrl;
  const browser = createRedirectBrowser({
    handlers: { [origin]: injectHandler(test.app), ...options.handlers },
  });

  function get(path: string, headers: Record<string, string> = {}) {
    return browser.request(`${origin}${path}`, { headers: browserHeaders(test, headers) });
  }

  function post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return browser.request(`${origin}${path}`, {
      method: "POST",
      headers: browserHeaders(test, { "content-type": "application/json", ...headers }),
      body: JSON.stringify(body),
    });
  }

  return {
    ...browser,
    origin,
    get,
    post,
    signIn: (email: string, password: string) => post("/api/auth/sign-in/email", { email, password }),
    signOut: () => post("/api/auth/sign-out"),
    /** The signed-in account as the app sees it, or the 401. */
    account: () => get("/api/account/account"),
  };
}

export type AppBrowser = ReturnType<typeof createAppBrowser>;
