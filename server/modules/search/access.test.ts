import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse } from "../../../domain/schemas/search.ts";
import type { Actor, Identity, Role } from "../../auth/access.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * What search looks through follows the access rules (server/auth/permissions.ts): the full file
 * for a subscriber or a company member, the Personal Network only for an account with neither.
 */

/** Requests name their account and roles in headers: a stand-in for sessions. */
const identity: Identity = {
  async actor(request: FastifyRequest): Promise<Actor | null> {
    const userId = request.headers["x-user"];
    const roles = request.headers["x-roles"];
    if (typeof userId !== "string" || typeof roles !== "string") return null;
    return { userId, roles: roles.split(",").filter(Boolean) as Role[], language: "en" };
  },
  signedLinkIsValid: async () => false,
};

describe.each(testDialects())("search access on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { identity });
  });
  afterAll(() => test.close());

  const send = (userId: string, roles: string, method: "GET" | "POST", url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { "x-user": userId, "x-roles": roles },
      ...(payload === undefined ? {} : { payload }),
    });

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
