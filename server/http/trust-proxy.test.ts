import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { ANY_ANSWER } from "../testing/test-routes.ts";

/** The client a request counts as (the rate limits key on it), with and without TRUST_PROXY. */
describe.each([
  { setting: undefined, client: "127.0.0.1" },
  { setting: "1", client: "203.0.113.9" },
  { setting: "127.0.0.1,10.0.0.0/8", client: "203.0.113.9" },
])("TRUST_PROXY=$setting", ({ setting, client }) => {
  let test: TestApp;
  beforeAll(async () => {
    const { trustProxy } = loadConfig(setting === undefined ? {} : { TRUST_PROXY: setting });
    test = await buildTestApp("sqlite", { config: trustProxy === undefined ? {} : { trustProxy } });
    test.app.get(
      "/api/test/ip",
      { config: { access: "anonymous" }, schema: ANY_ANSWER },
      async (request) => ({
        ip: request.ip,
      }),
    );
    await test.app.ready();
  });
  afterAll(() => test.close());

  it(`counts the request from ${client}`, async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/api/test/ip",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(response.json()).toEqual({ ip: client });
  });
});

describe("TRUST_PROXY", () => {
  it("refuses what is neither a number of proxies nor addresses, in one line", () => {
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(
      'TRUST_PROXY must be the number of proxies in front (such as 1) or their addresses (such as 10.0.0.0/8,127.0.0.1), got "yes please"; unset it when clients connect directly.',
    );
  });
});
