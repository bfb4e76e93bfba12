import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK } from "../../../domain/secrets.ts";
import { CATEGORIES } from "../../../domain/sections/index.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * Whatever a client sends to a record's create and replace routes, the answer is a decision (2xx or
 * 4xx), never a crash: valid bodies with fields swapped for anything, random JSON, oversized strings,
 * prototype keys, masks and ids in the wrong places.
 */

const weird = fc.oneof(
  fc.string(),
  fc.string({ minLength: 250, maxLength: 300 }),
  fc.constantFrom(
    "",
    " ",
    "x".repeat(5000),
    "\u0000",
    "🙂".repeat(300),
    "__proto__",
    MASK,
    "other",
    "CA",
    "on",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.array(fc.anything(), { maxLength: 8 }),
  fc.dictionary(fc.string(), fc.anything(), { maxKeys: 5 }),
  fc.record({ amount: fc.anything(), currency: fc.anything() }, { requiredKeys: [] }),
  fc.record({ code: fc.anything(), number: fc.anything(), type: fc.anything() }, { requiredKeys: [] }),
);

/** A spread of field types: dates, money, secrets, selects, references, phones, urls, rules. */
const SAMPLED = [
  "passport",
  "creditcard",
  "documentlibrary",
  "caregiver",
  "bill",
  "liability",
  "password",
  "setup",
];

describe.each(testDialects())("records hostile input on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  const valid = new Map<string, Record<string, unknown>>();
  const ids = new Map<string, string>();
  const categories = CATEGORIES.filter((category) => SAMPLED.includes(category.key));

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test);
    const refs = sampleRefsOf(test, ann);
    for (const category of categories) {
      const body = await sampleRecord(category, refs, { complete: true });
      valid.set(category.key, body);
      const created = await call(test, ann, "POST", `/api/records/${category.module}/${category.key}`, body);
      ids.set(category.key, created.json());
    }
  });
  afterAll(() => test.close());

  const mangled = (category: CategoryDef) => {
    const base = valid.get(category.key) ?? {};
    const keys = [...Object.keys(base), "__proto__", "constructor", "unknown"];
    return fc.oneof(
      fc
        .record({ key: fc.constantFrom(...keys), value: weird })
        .map(({ key, value }) => ({ ...base, [key]: value })),
      fc
        .dictionary(fc.constantFrom(...keys), weird, { maxKeys: 8 })
        .map((changes) => ({ ...base, ...changes })),
      fc.anything(),
    );
  };

  it("never answers 500 to a create or a replace", async () => {
    expect(categories).toHaveLength(SAMPLED.length);
    for (const category of categories) {
      const url = `/api/records/${category.module}/${category.key}`;
      await fc.assert(
        fc.asyncProperty(mangled(category), fc.boolean(), async (body, replace) => {
          const response = await test.app.inject({
            method: replace ? "PUT" : "POST",
            url: replace ? `${url}/${ids.get(category.key)}` : url,
            headers: { cookie: ann.cookie, "content-type": "application/json" },
            payload: JSON.stringify(body) ?? "null",
          });
          expect(response.statusCode, `${category.key}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json().error.code).toBeTypeOf("string");
        }),
        { numRuns: 60 },
      );
    }
  });
});
