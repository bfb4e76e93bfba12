import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperations } from "../../domain/api/contract.ts";
import { installAccessControl, NO_IDENTITY } from "../auth/access.ts";
import { loadConfig } from "../config.ts";
import { installErrorHandling } from "../errors/error-handler.ts";
import { loadLocaleStore } from "../i18n/locale-store.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { collectApiDescription, OPENAPI_PATH } from "./api-docs.ts";
import { registerOperation } from "./operations.ts";

const noteTypes = {
  read: {
    params: z.object({ shelf: z.string(), id: z.string().max(4) }),
    query: z.object({ upper: z.enum(["yes", "no"]).default("no") }),
    response: z.object({ shelf: z.string(), id: z.string(), text: z.string() }),
  },
  save: {
    params: z.object({ shelf: z.string() }),
    body: z.object({ text: z.string() }),
    response: z.string(),
  },
  remove: { params: z.object({ shelf: z.string(), id: z.string() }), response: z.null() },
  mine: { response: z.array(z.string()) },
};
const notesApi = defineOperations<typeof noteTypes>()({
  read: { method: "GET", path: "/api/notes/:shelf/:id", access: "anonymous" },
  save: { method: "POST", path: "/api/notes/:shelf", access: "anonymous", status: 201 },
  remove: { method: "DELETE", path: "/api/notes/:shelf/:id", access: "anonymous", status: 204 },
  mine: { method: "GET", path: "/api/notes", access: "user" },
});

describe("an operation registered from its contract", () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installAccessControl(app, NO_IDENTITY);
    installErrorHandling(app, await loadLocaleStore(loadConfig({ NODE_ENV: "test" }).localesDir));
    for (const shelf of ["top", "low-shelf"]) {
      registerOperation(
        app,
        notesApi.read,
        noteTypes.read,
        async (request) => {
          const text = `${request.params.shelf}:${request.params.id}`;
          // A field the contract does not declare never leaves.
          return {
            ...request.params,
            text: request.query.upper === "yes" ? text.toUpperCase() : text,
            secret: 1,
          };
        },
        { fixed: { shelf } },
      );
    }
    registerOperation(app, notesApi.save, noteTypes.save, async (request, reply) =>
      reply.code(201).send(`${request.params.shelf}/${request.body.text}`),
    );
    registerOperation(app, notesApi.remove, noteTypes.remove, async (_request, reply) =>
      reply.code(204).send(),
    );
    registerOperation(app, notesApi.mine, noteTypes.mine, async () => []);
    await app.ready();
  });
  afterAll(() => app.close());

  it("takes its access rule, its path (fixed parameters written in), its answer's schema, and a HEAD twin only where a link may open it", async () => {
    expect(
      app.routeAccess.map(({ method, url, access, answer }) => `${method} ${url} ${access} ${answer}`),
    ).toEqual([
      "GET /api/notes/top/:id anonymous true",
      "HEAD /api/notes/top/:id anonymous true",
      "GET /api/notes/low-shelf/:id anonymous true",
      "HEAD /api/notes/low-shelf/:id anonymous true",
      "POST /api/notes/:shelf anonymous true",
      "DELETE /api/notes/:shelf/:id anonymous true",
      "GET /api/notes user true",
    ]);
  });

  it("gives the handler the fixed parameters, validates the others and answers only what is declared", async () => {
    const read = await app.inject({ method: "GET", url: "/api/notes/low-shelf/n1?upper=yes" });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ shelf: "low-shelf", id: "n1", text: "LOW-SHELF:N1" });
    const tooLong = await app.inject({ method: "GET", url: "/api/notes/top/n12345" });
    expect(tooLong.statusCode).toBe(400);
    const saved = await app.inject({ method: "POST", url: "/api/notes/top", payload: { text: "hi" } });
    expect(saved.statusCode).toBe(201);
    const refused = await app.inject({ method: "POST", url: "/api/notes/top", payload: { text: 3 } });
    expect(refused.statusCode).toBe(400);
    const removed = await app.inject({ method: "DELETE", url: "/api/notes/top/n1" });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
  });
});

const leafletTypes = {
  print: { params: z.object({ id: z.string() }), response: z.file().mime("application/pdf") },
  leave: { response: z.null() },
  open: { query: z.object({ to: z.string().optional() }), response: z.object({ opened: z.boolean() }) },
};
const leafletsApi = defineOperations<typeof leafletTypes>()({
  print: { method: "GET", path: "/api/leaflets/:id", access: "anonymous", produces: "application/pdf" },
  leave: { method: "GET", path: "/api/leaflets/leave", access: "anonymous", status: 302 },
  open: { method: "GET", path: "/api/leaflets/open", access: "anonymous", redirects: true },
});

describe("an operation that answers a file or a redirect", () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installAccessControl(app, NO_IDENTITY);
    await collectApiDescription(app, { sessionCookie: "session" });
    registerOperation(app, leafletsApi.print, leafletTypes.print, async (request, reply) =>
      reply.type("application/pdf").send(Buffer.from(`%PDF-${request.params.id}`)),
    );
    registerOperation(app, leafletsApi.leave, leafletTypes.leave, async (_request, reply) =>
      reply.redirect("/elsewhere"),
    );
    registerOperation(app, leafletsApi.open, leafletTypes.open, async (request, reply) =>
      request.query.to === undefined ? { opened: true } : reply.redirect(request.query.to),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("sends the file's bytes as they are and the redirect without a body", async () => {
    const printed = await app.inject({ method: "GET", url: "/api/leaflets/7" });
    expect(printed.headers["content-type"]).toBe("application/pdf");
    expect(printed.body).toBe("%PDF-7");
    const left = await app.inject({ method: "GET", url: "/api/leaflets/leave" });
    expect([left.statusCode, left.headers.location, left.body]).toEqual([302, "/elsewhere", ""]);
    const opened = await app.inject({ method: "GET", url: "/api/leaflets/open" });
    expect(opened.json()).toEqual({ opened: true });
  });

  it("shows them in the OpenAPI document under their media type and as a redirect", () => {
    const paths = (
      app.swagger() as unknown as { paths: Record<string, Record<string, { responses: object }>> }
    ).paths;
    expect(paths["/api/leaflets/{id}"]?.get?.responses).toMatchObject({
      200: {
        content: {
          "application/pdf": {
            schema: { type: "string", format: "binary", contentMediaType: "application/pdf" },
          },
        },
      },
    });
    expect(Object.keys(paths["/api/leaflets/leave"]?.get?.responses ?? {})).toEqual(["302"]);
    expect(Object.keys(paths["/api/leaflets/open"]?.get?.responses ?? {})).toEqual(["200", "302"]);
  });
});

describe("an API route without the schema of its answer", () => {
  it("stops the app from starting, naming the route", () => {
    const app = Fastify();
    installAccessControl(app, NO_IDENTITY);
    const anonymous = { config: { access: "anonymous" as const } };
    expect(() => app.get("/api/forgotten", anonymous, async () => ({}))).toThrow(
      /route GET \/api\/forgotten declares no answer/,
    );
    expect(() => app.get("/outside-the-api", anonymous, async () => "")).not.toThrow();
  });
});

describe("the API's operations", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp("sqlite");
    await test.app.ready();
  });
  afterAll(() => test.close());

  it("each declare the schema of their answer", () => {
    const without = test.app.routeAccess
      .filter((route) => route.url.startsWith("/api/") && !["HEAD", "OPTIONS"].includes(route.method))
      .filter(
        (route) => !route.answer && !route.url.startsWith(OPENAPI_PATH) && !route.url.startsWith("/api/docs"),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(without).toEqual([]);
  });
});
