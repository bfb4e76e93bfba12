import { describe, expect, it } from "vitest";
import en from "../../public/locales/en/sections.json" with { type: "json" };
import fr from "../../public/locales/fr/sections.json" with { type: "json" };
import { isOptionOf, type OptionListName, optionsOf } from "../catalog/optionLists.ts";
import { isPersonGroup } from "../catalog/relationships.ts";
import { ASSIGNED_TYPE_MODULES, ASSIGNED_TYPES } from "./assignedTypes.ts";
import { defineCategory } from "./define.ts";
import { defaultsToOwner, hasOtherOption, isFieldVisible, otherFieldKey } from "./fields.ts";
import {
  CATEGORIES,
  CATEGORY_KEYS,
  type CategoryKey,
  categoriesOf,
  categoryDef,
  fieldDef,
  isCategoryKey,
  leadDaysOf,
  listColumns,
  referenceFields,
  reminderFields,
  secretFields,
} from "./index.ts";
import {
  categoryDescriptionKey,
  categoryLabelKey,
  categoryOneKey,
  FIELD_OTHER_LABEL_KEY,
  fieldLabelKey,
  moduleLabelKey,
} from "./labels.ts";
import { MODULES, RECORD_MODULES } from "./modules.ts";
import { REMINDER_FOLLOW_UP_DAYS } from "./reminders.ts";

// CATALOG.md section 3, the category keys of each module in its order.
const EXPECTED = {
  personaldata: [
    "permanentresident",
    "passport",
    "healthcard",
    "driverlicence",
    "medicalhistory",
    "religious",
  ],
  household: [
    "owned",
    "rental",
    "setup",
    "bill",
    "safety",
    "maintenance",
    "annualmaintenance",
    "vehicle",
    "pet",
    "school",
    "outschool",
    "curricular",
    "caregiver",
    "religiouscenter",
  ],
  employerinfo: ["employment", "employmentincome", "payroll", "benefits", "shares"],
  inventory: [
    "documentlibrary",
    "will",
    "poahealth",
    "poafinances",
    "livingwill",
    "guardian",
    "trustee",
    "safetybox",
    "storagebox",
    "funeralhome",
    "tocontact",
    "nottocontact",
  ],
  assets: [
    "asset",
    "investment",
    "pensionplan",
    "ownership",
    "personalassets",
    "business",
    "inheritance",
    "insurance",
    "liability",
    "creditcard",
  ],
  passwordvault: ["password", "socialmedia", "flyernumbers", "keylock"],
};

const PERSON_NETWORK_KEYS = [
  "me",
  "partner",
  "child",
  "dependent",
  "advisor",
  "networkperson",
  "relative",
  "tree",
];

/** A label by its namespaced key ("sections:field.passport.holder"), in one language. */
function label(file: unknown, key: string): unknown {
  const [ns, path = ""] = key.split(":");
  expect(ns).toBe("sections");
  return path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
}

function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

const keys = (fields: readonly { key: string }[]) => fields.map((field) => field.key);

describe("record categories", () => {
  it("are CATALOG.md's non-person categories, module by module in its order", () => {
    for (const module of RECORD_MODULES) {
      expect(
        categoriesOf(module).map((category) => category.key),
        module,
      ).toEqual(EXPECTED[module]);
    }
    expect(CATEGORY_KEYS).toEqual(RECORD_MODULES.flatMap((module) => EXPECTED[module]));
  });

  it("with the Personal Network's own keys, make the assignedTypes, each in its module", () => {
    expect(ASSIGNED_TYPES).toEqual([...PERSON_NETWORK_KEYS, ...CATEGORY_KEYS]);
    for (const key of PERSON_NETWORK_KEYS) expect(isCategoryKey(key), key).toBe(false);
    for (const category of CATEGORIES) expect(ASSIGNED_TYPE_MODULES[category.key]).toBe(category.module);
    expect(MODULES).toEqual([
      "personal-network",
      "personaldata",
      "household",
      "employerinfo",
      "inventory",
      "assets",
      "passwordvault",
      "shared-data",
    ]);
  });

  it("are found by key, and nothing else is", () => {
    expect(categoryDef("passport").module).toBe("personaldata");
    expect(isCategoryKey("creditcard")).toBe(true);
    expect(isCategoryKey("tree")).toBe(false);
    expect(isCategoryKey("toString")).toBe(false);
    expect(isCategoryKey(undefined)).toBe(false);
    expect(() => categoryDef("nope" as CategoryKey)).toThrow(RangeError);
  });

  it("end with the common notes and documents, and name each field once", () => {
    for (const category of CATEGORIES) {
      const fieldKeys = keys(category.fields);
      expect(fieldKeys.slice(-2), category.key).toEqual(["notes", "documents"]);
      expect(category.fields.at(-2)?.type).toBe("longtext");
      expect(category.fields.at(-1)?.type).toBe("documents");
      const otherKeys = category.fields.filter(hasOtherOption).map(otherFieldKey);
      const all = [...fieldKeys, ...otherKeys];
      expect(new Set(all).size, category.key).toBe(all.length);
    }
  });

  it("name existing option lists, person groups and categories", () => {
    for (const category of CATEGORIES) {
      for (const field of category.fields) {
        const where = `${category.key}.${field.key}`;
        const isChoice = field.type === "select" || field.type === "multiselect";
        expect(field.options !== undefined, where).toBe(isChoice);
        if (isChoice) expect(optionsOf(field.options ?? ""), where).toBeDefined();
        for (const group of field.personGroups ?? []) expect(isPersonGroup(group), where).toBe(true);
        if (field.personGroups) expect(["personRef", "personRefs"]).toContain(field.type);
        expect(field.recordCategories !== undefined, where).toBe(field.type === "recordRef");
        for (const target of field.recordCategories ?? []) expect(isCategoryKey(target), where).toBe(true);
        if (field.defaultOption)
          expect(isOptionOf(field.options as OptionListName, field.defaultOption), where).toBe(true);
        if (field.reminder) expect(field.type, where).toBe("date");
        if (field.datePrecision) expect(field.type, where).toBe("date");
      }
    }
  });

  it("show a field for some options only by a select of the same category", () => {
    for (const category of CATEGORIES) {
      for (const field of category.fields) {
        if (!field.visibleWhen) continue;
        const control = fieldDef(category.key as CategoryKey, field.visibleWhen.field);
        expect(control?.type, field.key).toBe("select");
        for (const value of field.visibleWhen.values)
          expect(isOptionOf(control?.options as OptionListName, value), value).toBe(true);
      }
    }
  });

  it("have one to four distinct list columns, numbered from 1", () => {
    for (const category of CATEGORIES) {
      const columns = listColumns(category.key as CategoryKey).map((field) => field.listColumn);
      expect(columns.length, category.key).toBeGreaterThan(0);
      expect(columns, category.key).toEqual(columns.map((_, index) => index + 1));
      expect(columns.length).toBeLessThanOrEqual(4);
    }
  });

  it("state their multi-field rules about fields they have", () => {
    expect(categoryDef("caregiver").rules).toEqual([
      { kind: "atLeastOne", fields: ["caregiver", "centerName"] },
    ]);
    expect(categoryDef("documentlibrary").rules).toContainEqual({ kind: "fileRequired" });
    for (const category of CATEGORIES) {
      for (const rule of category.rules ?? []) {
        const named =
          rule.kind === "atLeastOne"
            ? rule.fields
            : rule.kind === "categoryInModule"
              ? [rule.moduleField, rule.categoryField]
              : [];
        for (const key of named) expect(fieldDef(category.key as CategoryKey, key), key).toBeDefined();
      }
    }
  });
});

describe("reminders", () => {
  it("have lead days for exactly the categories with a date R field", () => {
    for (const category of CATEGORIES) {
      expect(category.reminderLeadDays !== undefined, category.key).toBe(reminderFields(category).length > 0);
    }
  });

  it("are declared with the category: a date R without a lead, or a lead without one, is refused", () => {
    const expiry = { key: "expiryDate", type: "date", reminder: true, listColumn: 1 } as const;
    expect(() => defineCategory("household", "boat", [expiry])).toThrow(/boat/);
    expect(() => defineCategory("household", "boat", [], { reminders: "routine" })).toThrow(/boat/);
    // A record is named by one of its list columns.
    expect(() => defineCategory("household", "boat", [{ key: "name", type: "text" }])).toThrow(/boat/);
    expect(() =>
      defineCategory("household", "boat", [{ key: "name", type: "text", listColumn: 1 }], { title: "x" }),
    ).toThrow(/boat/);
    expect(defineCategory("household", "boat", [expiry], { reminders: "routine" }).reminderLeadDays).toEqual([
      30, 7,
    ]);
  });

  it("follow CATALOG.md's rule: 180, 60 or 30 days, then 7", () => {
    const leads = (key: CategoryKey) =>
      reminderFields(key).map((field) => [field.key, leadDaysOf(key, field)] as const);
    expect(leads("passport")).toEqual([["expiryDate", [180, 7]]]);
    expect(leads("permanentresident")).toEqual([["expiryDate", [180, 7]]]);
    expect(leads("healthcard")).toEqual([["expiryDate", [60, 7]]]);
    expect(leads("driverlicence")).toEqual([["expiryDate", [60, 7]]]);
    expect(leads("insurance")).toEqual([["expiryDate", [60, 7]]]);
    expect(leads("rental")).toEqual([["expiryDate", [60, 7]]]);
    expect(leads("creditcard")).toEqual([["expiryDate", [30, 7]]]);
    expect(leads("bill")).toEqual([["nextDueDate", [30, 7]]]);
    expect(leads("annualmaintenance")).toEqual([["nextDueDate", [30, 7]]]);
    expect(leads("will")).toEqual([["reviewDate", [60, 7]]]);
    expect(leads("pet")).toEqual([
      ["expiryDate", [60, 7]],
      ["nextDueDate", [30, 7]],
    ]);
    for (const category of CATEGORIES) {
      for (const field of reminderFields(category)) {
        const days = leadDaysOf(category, field);
        expect([180, 60, 30]).toContain(days[0]);
        expect(days[1]).toBe(REMINDER_FOLLOW_UP_DAYS);
      }
    }
  });
});

describe("spot checks against CATALOG.md", () => {
  it("passport: a required secret number and a required, listed, watched expiry", () => {
    expect(fieldDef("passport", "documentNumber")).toMatchObject({ type: "secret", required: true });
    expect(fieldDef("passport", "expiryDate")).toMatchObject({
      type: "date",
      reminder: true,
      required: true,
      listColumn: 3,
    });
    expect(fieldDef("passport", "travelDocumentType")).toMatchObject({
      type: "select",
      options: "travelDocumentType",
      required: true,
      defaultOption: "passport",
    });
    expect(keys(listColumns("passport"))).toEqual(["holder", "country", "expiryDate"]);
    expect(keys(secretFields("passport"))).toEqual(["documentNumber"]);
  });

  it("password: the password, PIN and recovery answers are secrets", () => {
    expect(keys(secretFields("password"))).toEqual(["password", "pin", "recoveryInfo"]);
    expect(fieldDef("password", "password")?.required).toBe(true);
    expect(fieldDef("password", "url")?.type).toBe("url");
    expect(fieldDef("password", "email")?.type).toBe("email");
    expect(fieldDef("password", "phoneNumber")?.type).toBe("phone");
    expect(keys(listColumns("password"))).toEqual([
      "accountNickname",
      "passwordCategory",
      "username",
      "afterDeathAction",
    ]);
    expect(keys(secretFields("socialmedia"))).toEqual(["password"]);
  });

  it("creditcard: number and PIN secret, no CVV, expiry by month", () => {
    expect(keys(secretFields("creditcard"))).toEqual(["cardNumber", "pin"]);
    expect(fieldDef("creditcard", "cardNumber")?.required).toBe(true);
    expect(keys(categoryDef("creditcard").fields).some((key) => /cvv|cvc/i.test(key))).toBe(false);
    expect(fieldDef("creditcard", "expiryDate")).toMatchObject({
      required: true,
      reminder: true,
      listColumn: 4,
      datePrecision: "month",
    });
    expect(fieldDef("creditcard", "autopayFrom")).toMatchObject({
      type: "recordRef",
      recordCategories: ["asset"],
    });
    expect(keys(listColumns("creditcard"))).toEqual([
      "accountNickname",
      "companyName",
      "cardholders",
      "expiryDate",
    ]);
  });

  it("the two powers of attorney share their fields but not their document types", () => {
    expect(keys(categoryDef("poahealth").fields)).toEqual(keys(categoryDef("poafinances").fields));
    expect(fieldDef("poahealth", "poaType")?.options).toBe("poaHealthType");
    expect(fieldDef("poafinances", "poaType")?.options).toBe("poaFinancesType");
  });

  it("filters and links as declared", () => {
    expect(fieldDef("school", "holder")?.personGroups).toEqual(["child", "dependent", "me", "partner"]);
    expect(fieldDef("guardian", "personNames")).toMatchObject({
      type: "personRefs",
      required: true,
      personGroups: ["child", "dependent"],
    });
    expect(fieldDef("insurance", "insuredItem")?.recordCategories).toEqual([
      "owned",
      "rental",
      "ownership",
      "vehicle",
      "pet",
      "personalassets",
      "business",
      "storagebox",
    ]);
    expect(fieldDef("inheritance", "relationship")?.options).toBe("kinType");
    expect(fieldDef("documentlibrary", "assignedType")?.options).toBe("category");
    expect(fieldDef("keylock", "locationDetails")?.type).toBe("secret");
  });

  it("answers the references to check for ownership", () => {
    expect(referenceFields("bill").map((field) => [field.key, field.type])).toEqual([
      ["companyName", "institutionRef"],
      ["paidFrom", "recordRef"],
      ["documents", "documents"],
    ]);
    expect(keys(referenceFields("religious"))).toEqual(["holder", "placeOfWorship", "clergy", "documents"]);
  });
});

describe("field rules", () => {
  it("reveal <field>Other behind an other option", () => {
    expect(hasOtherOption(fieldDef("insurance", "insuranceType") ?? fail())).toBe(true);
    expect(otherFieldKey({ key: "insuranceType" })).toBe("insuranceTypeOther");
    expect(hasOtherOption(fieldDef("benefits", "benefitTypes") ?? fail())).toBe(true);
    expect(hasOtherOption(fieldDef("bill", "frequency") ?? fail())).toBe(false);
    expect(hasOtherOption(fieldDef("passport", "country") ?? fail())).toBe(false);
    expect(hasOtherOption(fieldDef("passport", "holder") ?? fail())).toBe(false);
  });

  it("show a successor holder only for the registered plans that have one", () => {
    const successor = fieldDef("asset", "successorHolder") ?? fail();
    expect(isFieldVisible(successor, { bankingProductType: "tfsa" })).toBe(true);
    expect(isFieldVisible(successor, { bankingProductType: "chequing" })).toBe(false);
    expect(isFieldVisible(successor, {})).toBe(false);
    expect(isFieldVisible(fieldDef("asset", "amount") ?? fail(), {})).toBe(true);
  });

  it("start the holder as the owner where the owner may be chosen", () => {
    expect(defaultsToOwner(fieldDef("passport", "holder") ?? fail())).toBe(true);
    expect(defaultsToOwner(fieldDef("school", "holder") ?? fail())).toBe(true);
    expect(defaultsToOwner(fieldDef("outschool", "holder") ?? fail())).toBe(false);
    expect(defaultsToOwner(fieldDef("pet", "caretaker") ?? fail())).toBe(false);
  });
});

describe("sections labels", () => {
  it("en and fr have exactly the same keys, and no empty text", () => {
    expect(keyPaths(fr).sort()).toEqual(keyPaths(en).sort());
    for (const path of keyPaths(en)) {
      expect(label(en, `sections:${path}`), path).toMatch(/\S/);
      expect(label(fr, `sections:${path}`), path).toMatch(/\S/);
    }
  });

  it("name every module, category and field, and nothing else", () => {
    const used = [
      ...MODULES.map(moduleLabelKey),
      ...ASSIGNED_TYPES.map(categoryLabelKey),
      ...ASSIGNED_TYPES.map(categoryOneKey),
      ...CATEGORY_KEYS.map(categoryDescriptionKey),
      ...CATEGORIES.flatMap((category) =>
        category.fields.map((field) => fieldLabelKey(category.key, field.key)),
      ),
      FIELD_OTHER_LABEL_KEY,
    ];
    for (const key of used) {
      expect(typeof label(en, key), key).toBe("string");
      expect(typeof label(fr, key), key).toBe("string");
    }
    expect(keyPaths(en).sort()).toEqual(
      [...new Set(used)].map((key) => key.slice("sections:".length)).sort(),
    );
  });

  it("read as CATALOG.md gives them", () => {
    expect(label(en, moduleLabelKey("employerinfo"))).toBe("Employment & Benefits Information");
    expect(label(fr, moduleLabelKey("inventory"))).toBe("Inventaire des documents clés");
    expect(label(en, categoryLabelKey("pet"))).toBe("Pet Details");
    expect(label(fr, categoryLabelKey("nottocontact"))).toBe(
      "Renseignements sur les personnes à ne pas contacter",
    );
    expect(label(en, fieldLabelKey("passport", "documentNumber"))).toBe("Passport number");
    expect(label(fr, fieldLabelKey("personalassets", "intendedRecipients"))).toBe(
      "Souhait : à qui le remettre",
    );
    expect(fieldLabelKey("will", "notes")).toBe("sections:field.common.notes");
    expect(label(fr, fieldLabelKey("will", "documents"))).toBe("Documents");
    expect(label(en, FIELD_OTHER_LABEL_KEY)).toBe("Please specify");
    expect(label(fr, FIELD_OTHER_LABEL_KEY)).toBe("Veuillez préciser");
  });
});

function fail(): never {
  throw new Error("missing field");
}
