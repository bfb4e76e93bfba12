import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import { call } from "../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { nulCharacterPath } from "./nul-characters.ts";

describe("nulCharacterPath", () => {
  it("names the first field holding U+0000, however deep", () => {
    expect(nulCharacterPath({ name: "Home", addressLine1: "\u0000" })).toBe("addressLine1");
    expect(nulCharacterPath({ phones: [{ number: "1" }, { number: "2\u0000" }] })).toBe("phones.1.number");
    expect(nulCharacterPath("a\u0000b")).toBe("body");
    expect(nulCharacterPath({ "bad\u0000key": 1 })).toBe("key");
  });

  it("passes everything else", () => {
    expect(nulCharacterPath({ name: "Zoë", notes: "tab\there", n: 3, list: [null, true] })).toBeNull();
    expect(nulCharacterPath(undefined)).toBeNull();
  });
});

describe.each(testDialects())("U+0000 in a request on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  it("is refused with 400 naming the field, and nothing is saved (PostgreSQL's text cannot hold it)", async () => {
    const saved = await call(test, ann, "POST", "/api/address/", {
      name: "Home",
      addressLine1: "\u0000",
      country: "US",
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.fields).toEqual({
      addressLine1: "Remove the invisible control character from this field.",
    });
    expect((await call(test, ann, "GET", "/api/address/")).json()).toEqual([]);
    const query = await call(test, ann, "GET", "/api/records/passwordvault/password/x?reveal=%00");
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toHaveProperty("reveal");
  });
});

describe.each(testDialects())("U+0000 in an identity call on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  it.each([
    [
      "/api/auth/sign-up/email",
      { name: "Eve\u0000", email: "eve@example.com", password: "a long pass phrase 42" },
      "name",
    ],
    ["/api/auth/reset-password", { token: "x\u0000", newPassword: "a long pass phrase 42" }, "token"],
    ["/api/auth/update-user", { name: "Ann\u0000" }, "name"],
    ["/api/auth/revoke-session", { token: "\u0000" }, "token"],
    ["/api/auth/passkey/update-passkey", { id: "p\u0000", name: "Phone" }, "id"],
    ["/api/auth/passkey/delete-passkey", { id: "p\u0000" }, "id"],
    ["/api/auth/sign-in/email", { email: "ann\u0000@example.com", password: "x" }, "email"],
  ])("%s is refused with 400 naming the field", async (url, payload, field) => {
    const answer = await call(test, ann, "POST", url, payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.code).toBe("validation_failed");
    expect(Object.keys(answer.json().error.fields)).toEqual([field]);
  });

  it("leaves the account as it was", async () => {
    const session = await call(test, ann, "GET", "/api/auth/get-session");
    expect(session.json().user.name).toBe("Ann Example");
  });
});
