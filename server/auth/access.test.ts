import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_RULES } from "../../domain/api/contract.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { ANY_ANSWER } from "../testing/test-routes.ts";
import type { Actor, Identity } from "./access.ts";

/** Route paths as printRoutes draws them, rebuilt from its tree (one segment per line). */
function printedRoutes(app: FastifyInstance): { url: string; methods: string[] }[] {
  const routes: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    if (match[3]) routes.push({ url: stack.join(""), methods: match[3].split(", ") });
  }
  return routes;
}

/**
 * printRoutes draws parameters of different names at one place as one node (":group|:id"): each
 * name is a route of its own.
 */
function alternatives(url: string): string[] {
  return url
    .split("/")
    .reduce<string[]>(
      (paths, segment) => paths.flatMap((path) => segment.split("|").map((choice) => `${path}/${choice}`)),
      [""],
    )
    .map((path) => path.slice(1));
}

describe.each(testDialects())("access rules on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    await test.app.ready();
  });
  afterAll(() => test.close());

  it("every registered route declares one", () => {
    const printed = printedRoutes(test.app);
    expect(printed.length).toBeGreaterThan(3);
    for (const route of printed) {
      for (const method of route.methods) {
        const url = route.url === "*" ? "/*" : route.url;
        const declared = test.app.routeAccess.find(
          (entry) => alternatives(url).includes(entry.url) && entry.method === method,
        );
        expect(declared, `${method} ${url}`).toBeDefined();
        expect(ACCESS_RULES).toContain(declared?.access);
      }
    }
  });

  it("answers 401 JSON on a protected /api route while nobody can sign in", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/account/account?login=ann" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: "unauthenticated", message: "Please sign in to continue." },
    });
  });
});

describe("a route without an access rule", () => {
  it("stops the app from starting, naming the route", async () => {
    const test = await buildTestApp("sqlite");
    try {
      expect(() => test.app.get("/api/forgotten", async () => ({}))).toThrow(
        /route GET \/api\/forgotten declares no access rule/,
      );
    } finally {
      await test.close();
    }
  });
});

describe("with an identity", () => {
  const ann: Actor = { userId: "ann", roles: [], language: "fr" };
  const bob: Actor = { userId: "bob", roles: ["subscriber"], language: "en" };
  const cora: Actor = { userId: "cora", roles: ["b2b"], language: "en" };
  const identity: Identity = {
    actor: async (request) => ({ ann, bob, cora })[String(request.headers["x-test-user"])] ?? null,
    signedLinkIsValid: async (request) => request.headers.authorization === "Bearer good-signature",
  };
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp("sqlite", { identity });
    const app = test.app;
    app.get(
      "/api/test/subscriber",
      { config: { access: "subscriber" }, schema: ANY_ANSWER },
      async (request) => ({
        user: request.actor?.userId,
      }),
    );
    app.get(
      "/api/test/me",
      { config: { access: "user" }, schema: ANY_ANSWER },
      async (request) => request.actor,
    );
    app.post("/api/test/approve", { config: { access: "signedLink" }, schema: ANY_ANSWER }, async () => ({
      approved: true,
    }));
    app.get("/api/test/admin", { config: { access: "platformAdmin" }, schema: ANY_ANSWER }, async () => ({}));
    await app.ready();
  });
  afterAll(() => test.close());

  it("gives a user's route the signed-in actor, with where this request came from", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/api/test/me",
      headers: { "x-test-user": "bob" },
      remoteAddress: "203.0.113.9",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...bob, ip: "203.0.113.9" });
  });

  it("answers 403 in the account's language when the role is missing", async () => {
    const refused = await test.app.inject({
      method: "GET",
      url: "/api/test/subscriber",
      headers: { "x-test-user": "ann", "accept-language": "en" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "forbidden",
      message: "Cela nécessite un abonnement ou un compte d’entreprise.",
    });
    const allowed = await test.app.inject({
      method: "GET",
      url: "/api/test/subscriber",
      headers: { "x-test-user": "bob" },
    });
    expect(allowed.json()).toEqual({ user: "bob" });
    const member = await test.app.inject({
      method: "GET",
      url: "/api/test/subscriber",
      headers: { "x-test-user": "cora" },
    });
    expect(member.json()).toEqual({ user: "cora" });
    const admin = await test.app.inject({
      method: "GET",
      url: "/api/test/admin",
      headers: { "x-test-user": "bob" },
    });
    expect(admin.statusCode).toBe(404);
  });

  it("hides a platform admin's route from everyone else: 404, signed in or not", async () => {
    for (const headers of [{ "x-test-user": "bob" }, {}]) {
      const hidden = await test.app.inject({ method: "GET", url: "/api/test/admin", headers });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.code).toBe("not_found");
    }
  });

  it("checks a signed link before reading the body", async () => {
    const refused = await test.app.inject({
      method: "POST",
      url: "/api/test/approve",
      headers: { authorization: "Bearer forged", "content-type": "application/json" },
      payload: "{not json",
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe("This link is not valid or has expired.");
    const approved = await test.app.inject({
      method: "POST",
      url: "/api/test/approve",
      headers: { authorization: "Bearer good-signature" },
    });
    expect(approved.json()).toEqual({ approved: true });
  });
});
