import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, request, type TestUser } from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

/** A concrete URL for a route pattern: every parameter and wildcard filled with a plain value. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, "x").replace(/\*$/, "x");
}

describe.each(testDialects())("writes from another site on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  it("are refused with 403 on every route that writes, before anything else runs", async () => {
    const writes = test.app.routeAccess.filter((route) => !["GET", "HEAD", "OPTIONS"].includes(route.method));
    expect(writes.length).toBeGreaterThan(50);
    for (const route of writes) {
      const answer = await request(test, {
        method: route.method as "POST",
        url: concrete(route.url),
        cookie: ann.cookie,
        payload: {},
        headers: { origin: "https://evil.example" },
      });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(answer.json().error.code).toBe("forbidden");
    }
  });

  it("refuses a foreign Origin and a cross-site fetch, keeps nothing, and lets this site's own through", async () => {
    const address = { name: "Home", addressLine1: "1 Main St", country: "US" };
    const foreign = await request(test, {
      method: "POST",
      url: "/api/address/",
      cookie: ann.cookie,
      payload: address,
      headers: { origin: "https://kinfile.example.evil.com" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe("This request came from another site and was refused.");
    const sibling = await request(test, {
      method: "POST",
      url: "/api/address/",
      cookie: ann.cookie,
      payload: address,
      headers: { origin: "null" },
    });
    expect(sibling.statusCode).toBe(403);
    const crossSite = await test.app.inject({
      method: "POST",
      url: "/api/address/",
      payload: address,
      headers: { "sec-fetch-site": "same-site", "accept-language": "fr" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.message).toBe("Cette requête venait d’un autre site et a été refusée.");
    const list = await request(test, { method: "GET", url: "/api/address/", cookie: ann.cookie });
    expect(list.json()).toEqual([]);

    const own = await request(test, {
      method: "POST",
      url: "/api/address/",
      cookie: ann.cookie,
      payload: address,
    });
    expect(own.statusCode).toBe(200);
    // No browser page at all (a webhook, a mail client's one-click, curl): the route's own checks decide.
    const noBrowser = await test.app.inject({
      method: "POST",
      url: "/api/address/",
      payload: { ...address, name: "Cottage" },
      headers: { cookie: ann.cookie },
    });
    expect(noBrowser.statusCode).toBe(200);
  });

  it("refuses the spec's state-changing GETs from another site, while reads from links still work", async () => {
    for (const url of ["/api/sbs/webhook/unsubscribe?accountId=x&sig=y", "/api/b2b/account/deactivate/x"]) {
      const answer = await test.app.inject({
        method: "GET",
        url,
        headers: { cookie: ann.cookie, "sec-fetch-site": "cross-site" },
      });
      expect(answer.statusCode, url).toBe(403);
    }
    const read = await test.app.inject({
      method: "GET",
      url: "/api/address/",
      headers: { cookie: ann.cookie, "sec-fetch-site": "cross-site" },
    });
    expect(read.statusCode).toBe(200);
  });
});
