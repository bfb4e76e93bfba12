import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS, isErrorCode } from "../../domain/errors.ts";
import { createSignedInUser, request, type TestUser } from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

/**
 * Every refusal, whoever makes it (our routes, Fastify itself, better-auth), answers one shape:
 * `{ error: { code, message } }` with a code from the one table and that code's status.
 */
describe.each(testDialects())("error answers on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  const json = { "content-type": "application/json" };
  const cases: [string, InjectOptions][] = [
    ["an undecodable URL", { method: "GET", url: "/api/%" }],
    ["an undecodable identity URL", { method: "GET", url: "/api/auth/%E0%A4%A" }],
    ["a very long parameter", { method: "GET", url: `/api/address/${"a".repeat(5_000)}` }],
    ["an unknown API path", { method: "GET", url: "/api/nothing/here" }],
    ["an unknown identity path", { method: "POST", url: "/api/auth/nothing", payload: {} }],
    ["broken JSON", { method: "POST", url: "/api/address/", payload: "{", headers: json }],
    [
      "broken JSON to identity",
      { method: "POST", url: "/api/auth/sign-in/email", payload: "{", headers: json },
    ],
    [
      "a wrong content type",
      { method: "POST", url: "/api/address/", payload: "x", headers: { "content-type": "text/csv" } },
    ],
    [
      "a wrong password",
      {
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: "no@example.com", password: "nope nope nope" },
      },
    ],
    [
      "a bad email",
      { method: "POST", url: "/api/auth/sign-in/email", payload: { email: "x", password: "y" } },
    ],
    ["an empty sign-up", { method: "POST", url: "/api/auth/sign-up/email", payload: {} }],
    [
      "a sign-up better-auth calls unprocessable (422)",
      {
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email: "new@example.com", password: "a long pass phrase 42", name: 42 },
      },
    ],
    [
      "a bad reset token",
      {
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token: "x", newPassword: "a long pass phrase 42" },
      },
    ],
    ["a bad verification token", { method: "GET", url: "/api/auth/verify-email?token=x" }],
    ["a missing passkey", { method: "POST", url: "/api/auth/passkey/delete-passkey", payload: { id: "x" } }],
    [
      "a wrong current password",
      {
        method: "POST",
        url: "/api/auth/change-password",
        payload: { currentPassword: "wrong wrong wrong", newPassword: "a long pass phrase 42" },
      },
    ],
    [
      "a missing record",
      { method: "GET", url: "/api/records/inventory/vehicle/0b6f2d7c-3a41-4e8e-9a3c-5d2e1f0a9b87" },
    ],
    ["a bad page", { method: "GET", url: "/api/b2b/accounts/page/-1" }],
  ];

  it.each(cases)("%s answers the one shape with a code from the table", async (_name, options) => {
    const answer = await request(test, { ...options, cookie: ann.cookie });
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    const error = answer.json().error;
    expect(isErrorCode(error.code), `${error.code} is not in the table`).toBe(true);
    expect(ERROR_STATUS[error.code as keyof typeof ERROR_STATUS]).toBe(answer.statusCode);
    expect(error.message).toEqual(expect.any(String));
    expect(error.message.length).toBeGreaterThan(0);
  });

  it("words Fastify's own refusals in the request's language", async () => {
    const answer = await test.app.inject({
      method: "GET",
      url: "/api/%",
      headers: { "accept-language": "fr" },
    });
    expect(answer.json()).toEqual({
      error: { code: "bad_request", message: "Cette adresse n’est pas une URL valide." },
    });
  });
});
