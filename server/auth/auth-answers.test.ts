import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "../../domain/api/auth.ts";
import { authTypes } from "../../domain/api/auth.types.ts";
import type { Operation } from "../../domain/api/contract.ts";
import {
  createSignedInUser,
  linkIn,
  mailsTo,
  post,
  request,
  TEST_PASSWORD,
  uniqueEmail,
} from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";

/*
 * better-auth's answers pass through as its bytes (server/auth/routes.ts), so no serializer checks
 * them against domain/api/auth.types.ts: this walk through its endpoints does.
 */

type Key = keyof typeof authTypes;

describe("better-auth's answers", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp("sqlite");
  });
  afterAll(() => test.close());

  /** Calls the operation and checks its answer against its declared schema. */
  async function call(key: Key, options: { body?: object; query?: string; cookie?: string } = {}) {
    const operation = authApi[key] as Operation;
    const response =
      operation.method === "POST"
        ? await post(
            test,
            operation.path,
            options.body ?? {},
            options.cookie ? { cookie: options.cookie } : {},
          )
        : await request(test, {
            method: "GET",
            url: `${operation.path}${options.query ?? ""}`,
            ...(options.cookie ? { cookie: options.cookie } : {}),
          });
    expect(response.statusCode, `${key}: ${response.body}`).toBe(operation.status);
    const parsed = authTypes[key].response.safeParse(response.json());
    expect(parsed.error, key).toBeUndefined();
    return response;
  }

  it("match their contracts, from sign-up to sign-out", async () => {
    const email = uniqueEmail("contract");
    await call("signUpEmail", { body: { email, password: TEST_PASSWORD, name: "Ann", lang: "en" } });
    await call("sendVerificationEmail", { body: { email } });
    const [mail] = await mailsTo(test, email);
    // Without the link's callbackURL, as the app's page calls it: a JSON answer, not a redirect.
    const token = new URL(linkIn(test, mail?.text ?? "")).searchParams.get("token");
    await call("verifyEmail", { query: `?${new URLSearchParams({ token: token ?? "" })}` });
    await call("requestPasswordReset", { body: { email } });
    const signIn = await call("signInEmail", { body: { email, password: TEST_PASSWORD } });
    expect(signIn.json().user.email).toBe(email);

    const user = await createSignedInUser(test);
    const cookie = user.cookie;
    await call("getSession", { cookie });
    await call("listSessions", { cookie });
    await call("listPasskeys", { cookie });
    await call("revokeOtherSessions", { cookie });
    await call("enableTwoFactor", { body: { password: TEST_PASSWORD }, cookie });
    await call("signOut", { cookie });
  });
});
