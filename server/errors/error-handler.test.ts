import type { FastifyInstance, InjectOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../../domain/errors.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { ANY_ANSWER } from "../testing/test-routes.ts";
import { AppError } from "./app-error.ts";

const person = z.object({
  firstName: z.string().min(1).max(256),
  email: z.email().optional(),
  group: z.enum(["me", "partner", "child"]),
  phones: z.array(z.string()).max(5).optional(),
  nickname: z
    .string()
    .refine((value) => value !== "taken", "addresses:nicknameNotUnique")
    .optional(),
});

function addTestRoutes(app: FastifyInstance) {
  const anonymous = { config: { access: "anonymous" as const }, schema: ANY_ANSWER };
  app.get("/api/test/throw/:code", anonymous, async (request) => {
    throw new AppError((request.params as { code: ErrorCode }).code);
  });
  app.get("/api/test/crash", anonymous, async () => {
    throw new Error("database password is hunter2");
  });
  app.get("/api/test/conflict", anonymous, async () => {
    throw new AppError("conflict", {
      fields: { nickname: "required", email: "errors:fields.invalid_email" },
    });
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/api/test/person", { ...anonymous, schema: { ...ANY_ANSWER, body: person } }, async (request) => ({
      name: request.body.firstName,
    }));
  app.get(
    "/api/test/limited",
    { config: { access: "anonymous", rateLimit: { max: 1, timeWindow: 60_000 } }, schema: ANY_ANSWER },
    async () => ({
      ok: true,
    }),
  );
}

describe.each(testDialects())("error responses on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    addTestRoutes(test.app);
    await test.app.ready();
  });
  afterAll(() => test.close());

  const inject = (options: InjectOptions) => test.app.inject(options);

  it.each(Object.keys(ERROR_STATUS) as ErrorCode[])(
    "maps %s to its status with a translated message",
    async (code) => {
      const en = await inject({ method: "GET", url: `/api/test/throw/${code}` });
      const fr = await inject({
        method: "GET",
        url: `/api/test/throw/${code}`,
        headers: { "accept-language": "fr-CA,fr;q=0.9" },
      });
      expect(en.statusCode).toBe(ERROR_STATUS[code]);
      expect(fr.statusCode).toBe(ERROR_STATUS[code]);
      expect(en.headers["content-type"]).toBe("application/json; charset=utf-8");
      const enBody = en.json();
      const frBody = fr.json();
      expect(enBody.error.code).toBe(code);
      expect(frBody.error.code).toBe(code);
      expect(enBody.error.message).toMatch(/\w/);
      expect(frBody.error.message).toMatch(/\w/);
      expect(frBody.error.message).not.toBe(enBody.error.message);
    },
  );

  it("answers 400 validation_failed naming each field, in English and French", async () => {
    const body = {
      firstName: "",
      email: "nope",
      group: "cousin",
      phones: ["1", "2", "3", "4", "5", "6"],
      extra: 1,
    };
    const en = await inject({ method: "POST", url: "/api/test/person", payload: body });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Some fields need your attention.",
        fields: {
          firstName: "This field is required.",
          email: "Enter a valid email address.",
          group: "Choose one of the offered options.",
          phones: "Add at most 5 entries.",
        },
      },
    });
    const fr = await inject({
      method: "POST",
      url: "/api/test/person",
      payload: body,
      headers: { "accept-language": "fr" },
    });
    expect(fr.json().error.fields.firstName).toBe("Ce champ est obligatoire.");
    expect(fr.json().error.message).toBe("Certains champs demandent votre attention.");
  });

  it("reports missing and too long fields with their limits", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/test/person",
      payload: { firstName: "x".repeat(257) },
    });
    expect(response.json().error.fields).toEqual({
      firstName: "Use at most 256 characters.",
      group: "This field is required.",
    });
  });

  it("translates a schema's own message key, falling back to the key when no file holds it", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/test/person",
      payload: { firstName: "Ann", group: "me", nickname: "taken" },
    });
    expect(response.json().error.fields).toEqual({ nickname: "addresses:nicknameNotUnique" });
  });

  it("translates the field keys an AppError carries", async () => {
    const response = await inject({
      method: "GET",
      url: "/api/test/conflict",
      headers: { "accept-language": "fr" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({
      nickname: "Ce champ est obligatoire.",
      email: "Saisissez une adresse courriel valide.",
    });
  });

  it("answers 400 bad_request for a body that is not JSON", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/test/person",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: "bad_request",
      message: "The request body is not valid JSON.",
    });
  });

  it("answers 413 for a body over the limit", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/test/person",
      payload: JSON.stringify({ firstName: "x".repeat(1_100_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("payload_too_large");
  });

  it("answers 415 for a content type the route does not read", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/test/person",
      payload: "<person/>",
      headers: { "content-type": "application/xml" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("unsupported_media_type");
  });

  it("answers 429 once a rate limit is spent", async () => {
    expect((await inject({ method: "GET", url: "/api/test/limited" })).statusCode).toBe(200);
    const response = await inject({
      method: "GET",
      url: "/api/test/limited",
      headers: { "accept-language": "fr" },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBeDefined();
    expect(response.json().error).toEqual({
      code: "too_many_requests",
      message: "Trop de tentatives. Veuillez patienter un instant puis réessayer.",
    });
  });

  it("answers 500 with a generic message and keeps the detail out of the response", async () => {
    const response = await inject({ method: "GET", url: "/api/test/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: "internal_error", message: "Something went wrong, please try later." },
    });
    expect(response.body).not.toContain("hunter2");
  });

  it("answers a JSON 404 for unknown /api paths, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await inject({ method, url: "/api/no/such/thing?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    }
  });
});
