import { randomUUID } from "node:crypto";
import { OTHER_OPTION, optionsOf } from "../../domain/catalog/optionLists.ts";
import type { PersonGroup } from "../../domain/catalog/relationships.ts";
import { RELATIONSHIP_TYPES_BY_GROUP } from "../../domain/catalog/relationships.ts";
import { ASSIGNED_TYPE_MODULES } from "../../domain/sections/assignedTypes.ts";
import { categoryDef, isCategoryKey } from "../../domain/sections/index.ts";
import type { CategoryDef, FieldDef } from "../../domain/sections/types.ts";
import { createdId } from "./api-writes.ts";
import type { TestUser } from "./identity.ts";
import { call } from "./person-photos.ts";
import type { TestApp } from "./test-app.ts";

/** Helpers for the records API tests: sample bodies generated from each category's declaration. */

export type RecordInput = Record<string, unknown>;

/** Ids of the caller's own rows a sample body may reference, created on first need. */
export type SampleRefs = {
  person(groups: readonly PersonGroup[] | undefined): Promise<string>;
  address(): Promise<string>;
  institution(): Promise<string>;
  record(categories: readonly string[]): Promise<string>;
};

/** The date every sample date field holds: well in the future, so it is a valid expiry. */
const SAMPLE_DATE = Date.UTC(2031, 4, 17);

/** The category documentlibrary's assignedType points at, with its module. */
const FILED_UNDER = "passport";

function selectValue(field: FieldDef): string {
  if (field.options === "country") return "CA";
  if (field.options === "province") return "on";
  if (field.options === "category") return FILED_UNDER;
  if (field.options === "module") return ASSIGNED_TYPE_MODULES[FILED_UNDER];
  if (field.defaultOption !== undefined) return field.defaultOption;
  const options = optionsOf(field.options ?? "") ?? [];
  const value = options.find((option) => option !== OTHER_OPTION) ?? options[0];
  if (value === undefined) throw new Error(`${field.key}: no option to pick in ${field.options}`);
  return value;
}

/** A valid value of the field's type; secrets get a unique marker to look for in database files. */
async function sampleValue(field: FieldDef, refs: SampleRefs): Promise<unknown> {
  switch (field.type) {
    case "text":
      return `${field.key} sample`;
    case "longtext":
      return `${field.key}: a longer sample\non two lines`;
    case "secret":
      return `secret-${field.key}-${randomUUID()}`;
    case "date":
      return SAMPLE_DATE;
    case "money":
      return { amount: 123_456, currency: "cad" };
    case "number":
      return 42;
    case "select":
      return selectValue(field);
    case "multiselect":
      return [selectValue(field)];
    case "boolean":
      return true;
    case "url":
      return "https://example.com/kinfile";
    case "email":
      return "sam@example.com";
    case "phone":
      return { code: "CA", number: "416 555 0123", type: "mobile" };
    case "personRef":
      return refs.person(field.personGroups);
    case "personRefs":
      return [await refs.person(field.personGroups)];
    case "addressRef":
      return refs.address();
    case "institutionRef":
      return refs.institution();
    case "recordRef":
      return refs.record(field.recordCategories ?? []);
    case "documents":
      // Files are attached through the documents API, not by the record body.
      return [];
  }
}

/**
 * A valid body for the category: its required fields (and a field of every `atLeastOne` rule), or
 * with `complete`, every field it declares.
 */
export async function sampleRecord(
  category: CategoryDef,
  refs: SampleRefs,
  options: { complete?: boolean } = {},
): Promise<RecordInput> {
  const wanted = new Set(category.fields.filter((field) => field.required).map((field) => field.key));
  for (const rule of category.rules ?? []) {
    if (rule.kind === "atLeastOne" && rule.fields[0] !== undefined) wanted.add(rule.fields[0]);
  }
  const body: RecordInput = {};
  for (const field of category.fields) {
    if (options.complete || wanted.has(field.key)) body[field.key] = await sampleValue(field, refs);
  }
  return body;
}

/** SampleRefs for one user of a test app: one row of each kind (per person group, per category). */
export function sampleRefsOf(test: TestApp, user: TestUser): SampleRefs {
  const cache = new Map<string, Promise<string>>();
  const once = (key: string, create: () => Promise<string>): Promise<string> => {
    let id = cache.get(key);
    if (id === undefined) {
      id = create();
      cache.set(key, id);
    }
    return id;
  };
  const created = (url: string, payload: object) => createdId(test, user, url, payload);
  const refs: SampleRefs = {
    person(groups) {
      const group = groups === undefined || groups.includes("me") ? "me" : groups[0];
      if (group === undefined) throw new Error("a personRef field with no group to pick");
      if (group === "me") {
        return once("person:me", async () => (await call(test, user, "GET", "/api/pn/person")).json().id);
      }
      return once(`person:${group}`, () =>
        created("/api/pn/person", {
          group,
          type: RELATIONSHIP_TYPES_BY_GROUP[group][0] ?? null,
          mainDetails: { firstName: `Sample ${group}`, lastName: "Person" },
        }),
      );
    },
    address: () =>
      once("address", () => created("/api/address/", { name: `Home ${randomUUID()}`, country: "CA" })),
    institution: () => once("institution", () => created("/api/institutions/", { name: "Sample Bank" })),
    record(categories) {
      const key = categories.find(isCategoryKey);
      if (key === undefined) throw new Error(`no record category among ${categories.join(", ")}`);
      const target = categoryDef(key);
      return once(`record:${key}`, async () =>
        created(`/api/records/${target.module}/${key}`, await sampleRecord(target, refs)),
      );
    },
  };
  return refs;
}
