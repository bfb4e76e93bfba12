import { describe, expect, it } from "vitest";
import { z } from "zod";
import enErrors from "../../public/locales/en/errors.json" with { type: "json" };
import frErrors from "../../public/locales/fr/errors.json" with { type: "json" };
import { optionsOf } from "../catalog/optionLists.ts";
import { LIMITS } from "../limits.ts";
import { hasOtherOption, otherFieldKey } from "./fields.ts";
import { CATEGORIES, type CategoryKey, categoryDef } from "./index.ts";
import { DOCUMENTS_MAX, PERSON_REFS_MAX, RECORD_MESSAGES, type RecordBody, recordSchema } from "./schema.ts";
import type { FieldDef } from "./types.ts";

const ID = "0b9f1c3e-7a7e-4f6e-9a57-1f2c3d4e5f60";
const OTHER_ID = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";

/** A valid value of a field, as a form would send it. */
function sample(field: FieldDef): unknown {
  switch (field.type) {
    case "text":
    case "longtext":
    case "secret":
      return "x";
    case "date":
      return Date.UTC(2030, 0, 31);
    case "money":
      return { amount: 12_345, currency: "cad" };
    case "number":
      return 3;
    case "select":
      if (field.options === "country") return "CA";
      if (field.options === "province") return "on";
      return optionsOf(field.options ?? "")?.[0];
    case "multiselect":
      return optionsOf(field.options ?? "")?.slice(0, 1);
    case "boolean":
      return true;
    case "url":
      return "https://example.com";
    case "email":
      return "sam@example.com";
    case "phone":
      return { code: "CA", number: "416 555 0123", type: "mobile" };
    case "personRef":
    case "addressRef":
    case "institutionRef":
    case "recordRef":
      return ID;
    case "personRefs":
    case "documents":
      return [ID];
  }
}

function requiredBody(category: CategoryKey): Record<string, unknown> {
  return Object.fromEntries(
    categoryDef(category)
      .fields.filter((field) => field.required)
      .map((field) => [field.key, sample(field)]),
  );
}

function issuesOf(category: CategoryKey, body: unknown): [string, string][] {
  const result = recordSchema(category).safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

function parse(category: CategoryKey, body: Record<string, unknown>): RecordBody {
  return recordSchema(category).parse({ ...requiredBody(category), ...body });
}

describe("recordSchema for every category", () => {
  it.each(CATEGORIES.map((category) => category.key))(
    "%s: an empty body names each required field",
    (key) => {
      const required = categoryDef(key).fields.filter((field) => field.required);
      expect(issuesOf(key, {})).toEqual(required.map((field) => [field.key, RECORD_MESSAGES.required]));
    },
  );

  it.each(CATEGORIES.map((category) => category.key))(
    "%s: every field filled saves, each as given",
    (key) => {
      const def = categoryDef(key);
      const body = Object.fromEntries(def.fields.map((field) => [field.key, sample(field)]));
      const saved = recordSchema(key).parse(body);
      const expectedKeys = def.fields.flatMap((field) =>
        hasOtherOption(field) ? [field.key, otherFieldKey(field)] : [field.key],
      );
      expect(Object.keys(saved).sort()).toEqual(expectedKeys.sort());
      for (const field of def.fields) {
        if (field.visibleWhen || field.type === "phone" || field.type === "money") continue;
        expect(saved[field.key], field.key).toEqual(
          field.datePrecision ? expect.any(Number) : body[field.key],
        );
      }
    },
  );

  it.each(CATEGORIES.map((category) => category.key))(
    "%s: documents its required fields for OpenAPI",
    (key) => {
      const jsonSchema = z.toJSONSchema(recordSchema(key), { io: "input" }) as { required?: string[] };
      const required = categoryDef(key)
        .fields.filter((field) => field.required)
        .map((field) => field.key);
      expect(jsonSchema.required ?? []).toEqual(required);
    },
  );

  it("is built once per category", () => {
    expect(recordSchema("passport")).toBe(recordSchema(categoryDef("passport")));
  });
});

describe("recordSchema rules", () => {
  it("names a missing required field, blank text included", () => {
    const body = { ...requiredBody("passport"), documentNumber: "", holder: null };
    expect(issuesOf("passport", body)).toEqual([
      ["holder", RECORD_MESSAGES.required],
      ["documentNumber", RECORD_MESSAGES.required],
    ]);
    expect(issuesOf("medicalhistory", { ...requiredBody("medicalhistory"), title: "   " })).toEqual([
      ["title", RECORD_MESSAGES.required],
    ]);
    expect(issuesOf("guardian", { ...requiredBody("guardian"), personNames: [] })).toEqual([
      ["personNames", RECORD_MESSAGES.required],
    ]);
  });

  it("keeps text to 256 characters and long text to 2048", () => {
    expect(parse("passport", { nameOnDocument: "a".repeat(LIMITS.textMax) }).nameOnDocument).toHaveLength(
      256,
    );
    const tooLong = issuesOf("passport", { ...requiredBody("passport"), nameOnDocument: "a".repeat(257) });
    expect(tooLong.map(([path]) => path)).toEqual(["nameOnDocument"]);
    expect(parse("passport", { notes: "n".repeat(LIMITS.longTextMax) }).notes).toHaveLength(2048);
    expect(issuesOf("passport", { ...requiredBody("passport"), notes: "n".repeat(2049) })).toHaveLength(1);
    expect(parse("passport", { nameOnDocument: "  Sam  ", locationDetails: "" })).toMatchObject({
      nameOnDocument: "Sam",
      locationDetails: null,
    });
  });

  it("accepts only the options of a select or multiselect", () => {
    expect(issuesOf("pet", { ...requiredBody("pet"), species: "dragon" })).toEqual([
      ["species", expect.any(String)],
    ]);
    expect(parse("pet", { species: "cat" }).species).toBe("cat");
    expect(parse("medicalhistory", { severity: "" }).severity).toBeNull();
    expect(issuesOf("passport", { ...requiredBody("passport"), country: "XX" })).toEqual([
      ["country", "errors:fields.invalid_choice"],
    ]);
    expect(parse("passport", { country: "fr" }).country).toBe("FR");
    expect(parse("benefits", { benefitTypes: ["dental", "life", "dental"] }).benefitTypes).toEqual([
      "dental",
      "life",
    ]);
    expect(
      issuesOf("benefits", { ...requiredBody("benefits"), benefitTypes: ["dental", "spa"] }),
    ).toHaveLength(1);
  });

  it("keeps a <field>Other text only while other is chosen", () => {
    const chosen = parse("insurance", { insuranceType: "other", insuranceTypeOther: "Drone" });
    expect(chosen.insuranceTypeOther).toBe("Drone");
    const notChosen = parse("insurance", { insuranceType: "auto", insuranceTypeOther: "Drone" });
    expect(notChosen.insuranceTypeOther).toBeNull();
    expect(
      parse("benefits", { benefitTypes: ["other"], benefitTypesOther: "Massage" }).benefitTypesOther,
    ).toBe("Massage");
    expect(parse("insurance", { insuranceType: "other" }).insuranceTypeOther).toBeNull();
    expect(
      issuesOf("insurance", {
        ...requiredBody("insurance"),
        insuranceType: "other",
        insuranceTypeOther: "a".repeat(257),
      }),
    ).toHaveLength(1);
  });

  it("takes money as whole minor units with a currency, cad by default", () => {
    expect(parse("bill", { amount: { amount: 123_456, currency: "usd" } }).amount).toEqual({
      amount: 123_456,
      currency: "usd",
      currencyOther: null,
    });
    expect(parse("bill", { amount: { amount: -500 } }).amount).toEqual({
      amount: -500,
      currency: "cad",
      currencyOther: null,
    });
    expect(
      parse("bill", { amount: { amount: 100, currency: "other", currencyOther: "chf" } }).amount,
    ).toEqual({
      amount: 100,
      currency: "other",
      currencyOther: "CHF",
    });
    expect(
      parse("bill", { amount: { amount: 100, currency: "eur", currencyOther: "CHF" } }).amount,
    ).toMatchObject({
      currencyOther: null,
    });
    expect(parse("bill", { amount: { currency: "usd" } }).amount).toBeNull();
    expect(parse("bill", { amount: null }).amount).toBeNull();
    for (const amount of [
      { amount: 12.5 },
      { amount: "100" },
      { amount: 1, currency: "jpy" },
      { amount: 1, currency: "other", currencyOther: "dollars" },
      { amount: Number.MAX_SAFE_INTEGER + 2 },
      150,
    ]) {
      expect(issuesOf("bill", { ...requiredBody("bill"), amount }).length, JSON.stringify(amount)).toBe(1);
    }
    expect(
      issuesOf("employmentincome", { ...requiredBody("employmentincome"), totalIncome: { currency: "cad" } }),
    ).toEqual([["totalIncome", RECORD_MESSAGES.required]]);
  });

  it("drops unknown keys", () => {
    const saved = parse("passport", { admin: true, owner_id: OTHER_ID });
    expect(saved).not.toHaveProperty("admin");
    expect(saved).not.toHaveProperty("owner_id");
  });

  it("keeps a secret exactly as typed, up to 2048 characters", () => {
    expect(parse("password", { password: "  p@ss word  " }).password).toBe("  p@ss word  ");
    expect(parse("password", { pin: "" }).pin).toBeNull();
    expect(parse("password", { pin: "1".repeat(LIMITS.longTextMax) }).pin).toHaveLength(2048);
    expect(issuesOf("password", { ...requiredBody("password"), pin: "1".repeat(2049) })).toHaveLength(1);
    expect(issuesOf("password", { ...requiredBody("password"), password: 1234 })).toHaveLength(1);
  });

  it("takes dates as whole epoch milliseconds; a card expiry is the last day of its month", () => {
    expect(parse("passport", { passportDate: 0 }).passportDate).toBe(0);
    expect(issuesOf("passport", { ...requiredBody("passport"), expiryDate: "2030-01-31" })).toHaveLength(1);
    expect(issuesOf("passport", { ...requiredBody("passport"), expiryDate: 1.5 })).toHaveLength(1);
    expect(parse("creditcard", { expiryDate: Date.UTC(2027, 7, 3, 15) }).expiryDate).toBe(
      Date.UTC(2027, 7, 31),
    );
    expect(parse("creditcard", { expiryDate: Date.UTC(2028, 1, 1) }).expiryDate).toBe(Date.UTC(2028, 1, 29));
  });

  it("checks numbers, booleans, web addresses, emails and phones", () => {
    expect(parse("vehicle", { year: 2019 }).year).toBe(2019);
    expect(parse("business", { companyName: ID, ownershipPercent: 12.5 }).ownershipPercent).toBe(12.5);
    expect(issuesOf("vehicle", { ...requiredBody("vehicle"), year: "2019" })).toHaveLength(1);
    expect(issuesOf("vehicle", { ...requiredBody("vehicle"), year: Number.POSITIVE_INFINITY })).toHaveLength(
      1,
    );
    expect(issuesOf("driverlicence", { ...requiredBody("driverlicence"), enhanced: "yes" })).toHaveLength(1);
    expect(parse("password", { url: "example.com" }).url).toBe("https://example.com");
    expect(issuesOf("password", { ...requiredBody("password"), url: "ftp://example.com" })).toEqual([
      ["url", "errors:fields.invalid_url"],
    ]);
    expect(issuesOf("password", { ...requiredBody("password"), email: "nope" })).toEqual([
      ["email", "errors:fields.invalid_email"],
    ]);
    expect(parse("password", { phoneNumber: { code: "CA", number: "(416) 555-0123" } }).phoneNumber).toEqual({
      code: "CA",
      number: "+14165550123",
      type: "mobile",
    });
    expect(parse("password", { phoneNumber: { code: "CA", number: "" } }).phoneNumber).toBeNull();
  });

  it("takes references as ids, at most 20 people and 50 documents", () => {
    expect(issuesOf("passport", { ...requiredBody("passport"), holder: "sam" })).toEqual([
      ["holder", expect.any(String)],
    ]);
    expect(parse("will", { executors: [ID, OTHER_ID, ID] }).executors).toEqual([ID, OTHER_ID]);
    const people = Array.from({ length: PERSON_REFS_MAX + 1 }, () => ID);
    expect(issuesOf("will", { ...requiredBody("will"), executors: people })).toHaveLength(1);
    expect(issuesOf("will", { ...requiredBody("will"), executors: ["sam"] })).toHaveLength(1);
    const files = Array.from({ length: DOCUMENTS_MAX + 1 }, () => ID);
    expect(issuesOf("will", { ...requiredBody("will"), documents: files })).toHaveLength(1);
    expect(parse("will", { documents: [ID] }).documents).toEqual([ID]);
    expect(parse("will", { lawyer: "" }).lawyer).toBeNull();
  });

  it("clears fields shown only for other options", () => {
    const chequing = parse("asset", {
      bankingProductType: "chequing",
      successorHolder: ID,
      expiryDate: Date.UTC(2030, 0, 1),
    });
    expect(chequing).toMatchObject({ successorHolder: null, expiryDate: null });
    const gic = parse("asset", { bankingProductType: "gic", expiryDate: Date.UTC(2030, 0, 1) });
    expect(gic.expiryDate).toBe(Date.UTC(2030, 0, 1));
    const tfsa = parse("investment", {
      investmentType: "tfsa",
      successorHolder: ID,
      nonRegisteredInvestmentType: "crypto",
    });
    expect(tfsa).toMatchObject({ successorHolder: ID, nonRegisteredInvestmentType: null });
    const open = parse("investment", {
      investmentType: "nonRegistered",
      nonRegisteredInvestmentType: "other",
      nonRegisteredInvestmentTypeOther: "Art fund",
    });
    expect(open).toMatchObject({
      nonRegisteredInvestmentType: "other",
      nonRegisteredInvestmentTypeOther: "Art fund",
    });
  });

  it("takes a Canadian region as a province key (or its stored name), any other as text", () => {
    expect(parse("healthcard", { country: "CA", region: "qc" }).region).toBe("qc");
    expect(parse("healthcard", { country: "CA", region: "Quebec" }).region).toBe("qc");
    expect(parse("healthcard", { country: "CA", region: "ON" }).region).toBe("on");
    expect(issuesOf("healthcard", { ...requiredBody("healthcard"), country: "CA", region: "Texas" })).toEqual(
      [["region", "errors:fields.invalid_choice"]],
    );
    expect(parse("driverlicence", { country: "US", region: "Texas" }).region).toBe("Texas");
    expect(parse("will", { country: null, region: "Scotland" }).region).toBe("Scotland");
  });

  it("needs a caregiver or an agency", () => {
    const body = { caregiverType: "nanny", personNames: [ID] };
    expect(issuesOf("caregiver", body)).toEqual([
      ["caregiver", RECORD_MESSAGES.oneOfRequired],
      ["centerName", RECORD_MESSAGES.oneOfRequired],
    ]);
    expect(issuesOf("caregiver", { ...body, centerName: ID })).toEqual([]);
    expect(issuesOf("caregiver", { ...body, caregiver: ID })).toEqual([]);
  });

  it("files a document under a category of the module it names", () => {
    const body = { description: "Deed", libraryDocType: "propertyTitle" };
    expect(
      issuesOf("documentlibrary", { ...body, assignedModule: "household", assignedType: "owned" }),
    ).toEqual([]);
    expect(issuesOf("documentlibrary", { ...body, assignedType: "passport" })).toEqual([]);
    expect(issuesOf("documentlibrary", { ...body, assignedModule: "assets", assignedType: "owned" })).toEqual(
      [["assignedType", "errors:fields.invalid_choice"]],
    );
    expect(issuesOf("documentlibrary", { ...body, assignedModule: "nowhere" })).toHaveLength(1);
  });

  it("uses messages errors.json has in both languages", () => {
    for (const key of Object.values(RECORD_MESSAGES)) {
      const name = key.replace("errors:fields.", "");
      expect(enErrors.fields, key).toHaveProperty(name);
      expect(frErrors.fields, key).toHaveProperty(name);
    }
  });
});
