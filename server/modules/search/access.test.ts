import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse } from "../../../domain/schemas/search.ts";
import { headerIdentity, sendAs } from "../../testing/header-identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * What search looks through follows the access rules (server/auth/permissions.ts): the full file
 * for a subscriber or a company member, the Personal Network only for an account with neither.
 */

describe.each(testDialects())("search access on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { identity: headerIdentity });
  });
  afterAll(() => test.close());

  const send = (userId: string, roles: string, method: "GET" | "POST", url: string, payload?: object) =>
    sendAs(test, userId, roles, method, url, payload);

  it("finds records for the full file only, the Personal Network for everyone", async () => {
    const userId = randomUUID();
    const record = await send(userId, "subscriber", "POST", "/api/records/passwordvault/password", {
      accountNickname: "Quarry Savings",
      password: "hunter2 hunter2",
    });
    expect(record.statusCode, record.body).toBe(200);
    const institution = await send(userId, "subscriber", "POST", "/api/institutions/", {
      name: "Quarry Bank",
    });
    expect(institution.statusCode, institution.body).toBe(200);

    const kinds = async (roles: string) =>
      ((await send(userId, roles, "GET", "/api/search?q=quarry")).json() as SearchResponse).results
        .map((result) => result.kind)
        .sort();
    expect(await kinds("subscriber")).toEqual(["institution", "record"]);
    expect(await kinds("b2b")).toEqual(["institution", "record"]);
    expect(await kinds("")).toEqual(["institution"]);
  });
});
