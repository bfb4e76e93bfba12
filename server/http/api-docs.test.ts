import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { DOCS_PATH, OPENAPI_PATH } from "./api-docs.ts";

/** Fastify's `/a/:id/*` as OpenAPI writes it: `/a/{id}/{*}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, "{$1}").replace(/\*/g, "{*}");
}

describe("the API description", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp("sqlite");
  });
  afterAll(() => test.close());

  it("is an OpenAPI 3.1 document naming every registered API route, with the schemas the routes validate with", async () => {
    const answer = await test.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document.openapi).toBe("3.1.0");
    const described = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([url, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
      ),
    );
    const missing = test.app.routeAccess
      .filter((route) => route.url.startsWith("/api/") && !["HEAD", "OPTIONS"].includes(route.method))
      .filter((route) => route.url !== OPENAPI_PATH && !route.url.startsWith(DOCS_PATH))
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((route) => !described.has(route));
    expect(missing).toEqual([]);

    const saveAddress = document.paths["/api/address/"].post;
    const body = saveAddress.requestBody.content["application/json"].schema;
    expect(body.properties.name.maxLength).toBe(256);
    expect(body.required).toContain("name");
  });

  it("has a reference page that reads it, under the site's policy, serving only Swagger UI's files", async () => {
    const page = await test.app.inject({ method: "GET", url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("swagger-ui");
    // No inline script: the page runs under the site's Content-Security-Policy.
    expect(page.body).not.toMatch(/<script>/);
    const start = await test.app.inject({ method: "GET", url: `${DOCS_PATH}/start.js` });
    expect(start.body).toContain(OPENAPI_PATH);
    const bundle = await test.app.inject({ method: "GET", url: `${DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers["content-type"]).toContain("javascript");
    const other = await test.app.inject({ method: "GET", url: `${DOCS_PATH}/static/package.json` });
    expect(other.statusCode).toBe(404);
  });
});
