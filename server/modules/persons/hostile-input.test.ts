import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * Whatever a client sends to the three save routes, the answer is a decision (2xx or 4xx), never a
 * crash: random JSON, valid bodies with fields swapped for wrong types, oversized strings, deep
 * nesting and unknown keys.
 */

const ROUTES = ["/api/pn/person", "/api/address/", "/api/institutions/"] as const;

const weird = fc.oneof(
  fc.string(),
  fc.string({ minLength: 250, maxLength: 300 }),
  fc.constantFrom(
    "",
    " ",
    "x".repeat(5000),
    "data:image/jpeg;base64,/9j/",
    "\u0000",
    "🙂".repeat(200),
    "__proto__",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.array(fc.anything(), { maxLength: 8 }),
  fc.dictionary(fc.string(), fc.anything(), { maxKeys: 5 }),
);

const phone = fc.record(
  {
    code: fc.oneof(weird, fc.constantFrom("CA", "GB", "us")),
    number: fc.oneof(weird, fc.constant("+1 416 555 0123")),
    type: weird,
  },
  { requiredKeys: [] },
);

const personBody = fc.record(
  {
    id: fc.oneof(weird, fc.uuid()),
    group: fc.oneof(weird, fc.constantFrom("me", "child", "partner", "advisor", "relative")),
    type: fc.oneof(weird, fc.constantFrom("son", "wife", "other", "lawyer")),
    contactDetails: fc.oneof(
      weird,
      fc.record({
        emails: fc.oneof(weird, fc.array(weird, { maxLength: 7 })),
        phones: fc.oneof(weird, fc.array(phone, { maxLength: 7 })),
      }),
    ),
    homeAddress: weird,
    iceDetails: fc.oneof(
      weird,
      fc.record({ emergencyContacts: fc.oneof(weird, fc.array(weird, { maxLength: 25 })) }),
    ),
    importantDates: fc.oneof(weird, fc.record({ death: weird, marriage: weird })),
    mainDetails: fc.oneof(
      weird,
      fc.record(
        {
          firstName: fc.oneof(weird, fc.constant("Ann")),
          birthday: weird,
          birthcountry: weird,
          gender: weird,
          imageSrc: weird,
          socialNumber: weird,
        },
        { requiredKeys: [] },
      ),
    ),
    notes: weird,
    relationDetails: fc.oneof(weird, fc.record({ dependent: weird, origin: weird })),
    currentPartner: weird,
    companyName: weird,
  },
  { requiredKeys: [] },
);

const addressBody = fc.record(
  {
    id: weird,
    name: fc.oneof(weird, fc.constant("Home")),
    addressLine1: weird,
    country: fc.oneof(weird, fc.constantFrom("CA", "GB", "US", "ca")),
    province: fc.oneof(weird, fc.constantFrom("Quebec", "Ontario")),
    county: weird,
    zip: weird,
  },
  { requiredKeys: [] },
);

const institutionBody = fc.record(
  {
    id: weird,
    name: fc.oneof(weird, fc.constant("Bank")),
    website: fc.oneof(weird, fc.webUrl()),
    phones: fc.oneof(weird, fc.array(phone, { maxLength: 7 })),
    emails: fc.oneof(weird, fc.array(fc.oneof(weird, fc.emailAddress()), { maxLength: 7 })),
    address: weird,
  },
  { requiredKeys: [] },
);

function nested(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${"]}".repeat(depth)}`;
}

describe.each(testDialects())("hostile input to the personal network on %s", (dialect) => {
  let test: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    user = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const post = (url: string, payload: string) =>
    test.app.inject({
      method: "POST",
      url,
      payload,
      headers: { cookie: user.cookie, "content-type": "application/json", origin: test.config.publicUrl },
    });

  const neverCrashes = async (url: string, body: unknown) => {
    const response = await post(url, JSON.stringify(body));
    if (response.statusCode >= 500)
      throw new Error(`${url} answered ${response.statusCode} to ${JSON.stringify(body).slice(0, 500)}`);
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) expect(response.json().error.code).toEqual(expect.any(String));
  };

  it.each([
    ["/api/pn/person", personBody],
    ["/api/address/", addressBody],
    ["/api/institutions/", institutionBody],
  ] as const)("%s answers every mangled record without a 500", async (url, body) => {
    await fc.assert(
      fc.asyncProperty(body, (value) => neverCrashes(url, value)),
      { numRuns: 150 },
    );
  });

  it.each(ROUTES)("%s answers any JSON value without a 500", async (url) => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), (value) => neverCrashes(url, value)),
      { numRuns: 100 },
    );
  });

  it.each(ROUTES)("%s answers deep nesting, huge strings and broken JSON without a 500", async (url) => {
    for (const payload of [
      nested(2_000),
      nested(50_000),
      JSON.stringify({
        name: "x".repeat(900_000),
        group: "child",
        mainDetails: { firstName: "y".repeat(900_000) },
      }),
      JSON.stringify({
        contactDetails: { emails: Array.from({ length: 100_000 }, () => "") },
        emails: Array(100_000).fill(1),
      }),
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
      "{not json",
      "",
      "null",
      "[]",
    ]) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url} ${payload.slice(0, 40)}`).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
