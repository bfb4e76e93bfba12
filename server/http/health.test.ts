import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

describe.each(testDialects())("health on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
  });
  afterAll(() => test.close());

  it("GET /healthz says the process is up", async () => {
    const response = await test.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a caller's plain request id and replaces a strange one", async () => {
    const kept = await test.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "lb-123" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-123");
    const replaced = await test.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "<script>" },
    });
    expect(replaced.headers["x-request-id"]).not.toBe("<script>");
  });

  it("GET /readyz answers ready while the database answers, 503 once it is closed", async () => {
    const ready = await test.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    await test.database.close();
    const closed = await test.app.inject({ method: "GET", url: "/readyz" });
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toEqual({ status: "unavailable" });
  });
});
