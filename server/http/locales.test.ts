import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";

describe("GET /locales/{lng}/{ns}.json", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp("sqlite");
  });
  afterAll(() => test.close());

  it("serves a translation file with a short cache and an ETag", async () => {
    const response = await test.app.inject({ method: "GET", url: "/locales/fr/errors.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.body).toBe(readFileSync(path.join(test.config.localesDir, "fr", "errors.json"), "utf8"));
    const etag = String(response.headers.etag);
    const again = await test.app.inject({
      method: "GET",
      url: "/locales/fr/errors.json",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it.each([
    "/locales/de/errors.json",
    "/locales/en/nothing.json",
    "/locales/en/errors.txt",
    "/locales/en/..%2F..%2Fpackage.json",
    "/locales/..%2F..%2Fserver/config.ts",
    "/locales/en/%2e%2e%2fen%2ferrors.json",
  ])("answers 404 for %s", async (url) => {
    const response = await test.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("codes");
  });
});
