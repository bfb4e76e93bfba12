import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../modules/persons/test-support.ts";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
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
