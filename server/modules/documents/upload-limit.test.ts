import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf, multipart } from "../../testing/document-files.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { personVcard, uploadVcard } from "../../testing/vcard-upload.ts";

describe.each(testDialects())("the upload limit on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { uploadRateLimit: { max: 2, windowMs: 60_000 } } });
    [ann, bob] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Bob Other" }),
    ]);
  });
  afterAll(() => test.close());

  async function uploadTo(user: TestUser) {
    const created = await call(test, user, "POST", "/api/documents", { module: "inventory", type: "will" });
    expect(created.statusCode, created.body).toBe(200);
    const body = multipart({
      filename: "will.pdf",
      contentType: "application/pdf",
      content: makePdf("A will"),
    });
    return call(
      test,
      user,
      "POST",
      `/api/documents/inventory/will/${created.json()}/upload`,
      body.payload,
      body.headers,
    );
  }

  it("refuses an account's uploads past the limit, saying so, and no other account's", async () => {
    expect((await uploadTo(ann)).statusCode).toBe(200);
    expect((await uploadTo(ann)).statusCode).toBe(200);
    const refused = await uploadTo(ann);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe("too_many_requests");
    expect(refused.json().error.message).toMatch(/^Too many attempts/);
    expect((await uploadTo(bob)).statusCode).toBe(200);
  });

  it("counts vCard files as uploads too, each kind's imports apart", async () => {
    const card = (name: string) => personVcard([`FN:${name}`, `N:${name};Carol;;;`]);
    for (const route of ["/api/pn/person/vcard", "/api/institutions/vcard"]) {
      expect((await uploadVcard(test, bob, route, card("Alpha"))).statusCode).toBe(200);
      expect((await uploadVcard(test, bob, route, card("Beta"))).statusCode).toBe(200);
      const refused = await uploadVcard(test, bob, route, card("Gamma"));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("too_many_requests");
    }
  });
});
