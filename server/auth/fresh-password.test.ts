import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createSignedInUser, request, type TestUser } from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { createFreshPassword, PASSWORD_CONFIRMATION_MS } from "./fresh-password.ts";

describe.each(testDialects())("password re-confirmation on %s", (dialect) => {
  let test: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    user = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const confirm = (password: string, cookie = user.cookie) =>
    request(test, { method: "POST", url: "/api/account/confirm-password", cookie, payload: { password } });
  // What a route sees: the session's cookie.
  const requestOf = (cookie: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;
  const refusalOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return undefined;
    } catch (error) {
      return error instanceof AppError ? error.code : error;
    }
  };

  it("refuses a wrong password naming the field, and does not count the session as confirmed", async () => {
    const wrong = await confirm("not the password at all");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBe("The password is not correct.");
    expect(await refusalOf(createFreshPassword(test.auth).require(requestOf(user.cookie)))).toBe(
      "password_not_confirmed",
    );
  });

  it("confirms the right password for five minutes, on this session only", async () => {
    const before = Date.now();
    const confirmed = await confirm(user.password);
    expect(confirmed.statusCode).toBe(200);
    const { confirmedUntil } = confirmed.json();
    expect(confirmedUntil).toBeGreaterThanOrEqual(before + PASSWORD_CONFIRMATION_MS);

    const now = createFreshPassword(test.auth);
    await expect(now.require(requestOf(user.cookie))).resolves.toBeUndefined();
    const later = createFreshPassword(test.auth, () => confirmedUntil + 1);
    expect(await refusalOf(later.require(requestOf(user.cookie)))).toBe("password_not_confirmed");

    // Another session (another account's) has confirmed nothing.
    const other = await createSignedInUser(test);
    expect(await refusalOf(now.require(requestOf(other.cookie)))).toBe("password_not_confirmed");
  });

  it("needs a session", async () => {
    const anonymous = await request(test, {
      method: "POST",
      url: "/api/account/confirm-password",
      payload: { password: "x" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
