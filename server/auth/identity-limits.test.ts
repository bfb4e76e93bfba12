import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, post, request, type TestUser, uniqueEmail } from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

describe.each(testDialects())("identity field limits on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  it("refuses an unverified sign-up's 100,000-character name, storing nothing", async () => {
    const email = uniqueEmail("huge");
    const answer = await post(test, "/api/auth/sign-up/email", {
      email,
      password: "a long pass phrase 42",
      name: "n".repeat(100_000),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toEqual({ name: "Use at most 256 characters." });
    const stored = await test.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .execute();
    expect(stored).toEqual([]);
  });

  it("refuses an image address longer than 2048 characters and a name longer than 256 on update", async () => {
    const image = await request(test, {
      method: "POST",
      url: "/api/auth/update-user",
      cookie: ann.cookie,
      payload: { image: `data:image/png;base64,${"A".repeat(5_000)}` },
    });
    expect(image.statusCode).toBe(400);
    expect(Object.keys(image.json().error.fields)).toEqual(["image"]);
    const name = await request(test, {
      method: "POST",
      url: "/api/auth/update-user",
      cookie: ann.cookie,
      payload: { name: "x".repeat(257) },
      headers: { "accept-language": "fr" },
    });
    expect(name.statusCode).toBe(400);
    const session = await request(test, { method: "GET", url: "/api/auth/get-session", cookie: ann.cookie });
    expect(session.json().user).toMatchObject({ name: "Ann Example", image: null });
  });
});
