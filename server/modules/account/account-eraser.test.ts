import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, request, TEST_PASSWORD } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Each app deletes accounts with its own eraser, built by the composition root: two apps in one
 * process (as tests and a multi-tenant host make them) never run each other's parts.
 */
describe("one eraser per app", () => {
  let first: TestApp;
  let second: TestApp;
  const erasedBy = { first: [] as string[], second: [] as string[] };
  beforeAll(async () => {
    [first, second] = await Promise.all([buildTestApp("sqlite"), buildTestApp("sqlite")]);
    first.eraser.add(async (userId) => {
      erasedBy.first.push(userId);
    });
    second.eraser.add(async (userId) => {
      erasedBy.second.push(userId);
    });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("runs only the parts of the app that deletes, every module's first and then the identity", async () => {
    const doomed = await createSignedInUser(first, { name: "Dee Leted" });
    const saved = await request(first, {
      method: "POST",
      url: "/api/address/",
      cookie: doomed.cookie,
      payload: { name: "Home", city: "Montreal", country: "CA" },
    });
    expect(saved.statusCode).toBe(200);

    const deleted = await request(first, {
      method: "DELETE",
      url: "/api/account",
      cookie: doomed.cookie,
      payload: { password: TEST_PASSWORD, confirmation: "DELETE" },
    });
    expect(deleted.statusCode).toBe(204);
    expect(erasedBy).toEqual({ first: [doomed.id], second: [] });
    const { db } = first.database;
    expect(await db.selectFrom("address").select("id").where("owner_id", "=", doomed.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom("user").select("id").where("id", "=", doomed.id).execute()).toEqual([]);
  });
});
