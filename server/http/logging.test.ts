import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSignedInUser,
  linkIn,
  mailsTo,
  pathOf,
  post,
  request,
  type TestUser,
} from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { loggerOptions } from "./logging.ts";

describe.each(testDialects())("the request log on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    test = await buildTestApp(dialect, {
      logger: { ...(loggerOptions({ logLevel: "info", nodeEnv: "test" }) as object), stream },
    });
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  it("holds no token or secret: not a reset link's, not a verification link's, not a reveal's", async () => {
    await post(test, "/api/auth/request-password-reset", { email: ann.email, redirectTo: "/reset-password" });
    const reset = (await mailsTo(test, ann.email)).find((mail) => mail.template === "resetPassword");
    const resetPath = pathOf(linkIn(test, reset?.text ?? ""));
    const token = /reset-password\/([^/?]+)/.exec(resetPath)?.[1] ?? "";
    expect(token.length).toBeGreaterThan(10);
    lines.length = 0;
    await request(test, { method: "GET", url: resetPath });
    await request(test, { method: "HEAD", url: resetPath });
    for (const method of ["GET", "HEAD"] as const) {
      await request(test, {
        method,
        url: "/api/records/passwordvault/password/7e2a9c41-1f0b-4d3e-8a6c-2b5d9e0f1a37?reveal=sekret-query",
        cookie: ann.cookie,
      });
      await request(test, { method, url: "/api/nothing?token=sekret-query", cookie: ann.cookie });
    }
    const log = lines.join("");
    expect(log).toContain('"path":"/api/auth/reset-password/[redacted]"');
    expect(log).toContain(
      '"path":"/api/records/passwordvault/password/7e2a9c41-1f0b-4d3e-8a6c-2b5d9e0f1a37"',
    );
    expect(log).not.toContain(token);
    expect(log).not.toContain("sekret-query");
    expect(log).not.toContain(ann.cookie.split("=")[1] ?? "none");
  });

  it("writes one line per request, with its id, method, path, status and time", async () => {
    lines.length = 0;
    await request(test, { method: "GET", url: "/api/records/passwordvault/password", cookie: ann.cookie });
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      msg: "request completed",
      reqId: expect.any(String),
      req: { method: "GET", path: "/api/records/passwordvault/password" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });
});
