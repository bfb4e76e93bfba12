/**
 * The zod schema of a record's body, built from its category's declaration: the API validates
 * requests with it and the forms check their values with it before sending. Messages are i18n keys
 * ("errors:fields.*"), translated where they are shown. Unknown keys are dropped; every declared
 * field (and each `<field>Other` text) is in the output, empty ones as null or [].
 */
import { z } from "zod";
import { CANADA } from "../catalog/countryCodes.ts";
import { DEFAULT_MONEY_CURRENCY, MONEY_CURRENCIES, type MoneyCurrency } from "../catalog/currencies.ts";
import { OTHER_OPTION, optionsOf } from "../catalog/optionLists.ts";
import { isProvinceKey, provinceKeyFromName } from "../catalog/provinces.ts";
import { LIMITS } from "../limits.ts";
import { emailRowSchema } from "../schemas/email.ts";
import {
  boundedList,
  countryCode,
  epochMs,
  optionalRef,
  optionalText,
  refList,
  requiredText,
} from "../schemas/fields.ts";
import { websiteSchema } from "../schemas/institution.ts";
import { type Phone, phoneRowSchema } from "../schemas/phone.ts";
import { ASSIGNED_TYPE_MODULES, isAssignedType } from "./assignedTypes.ts";
import { choosesOther, hasOtherOption, isFieldVisible, otherFieldKey } from "./fields.ts";
import { type CategoryRef, categoryDef } from "./index.ts";
import type { CategoryDef, FieldDef } from "./types.ts";

export const RECORD_MESSAGES = {
  required: "errors:fields.required",
  invalidChoice: "errors:fields.invalid_choice",
  invalidFormat: "errors:fields.invalid_format",
  oneOfRequired: "errors:fields.one_of_required",
} as const;

/** People a personRefs field may name. */
export const PERSON_REFS_MAX = 20;
/** Files one record's documents field may hold. */
export const DOCUMENTS_MAX = 50;

/** An amount in minor units (cents) and its currency; `currencyOther` is the ISO code behind `other`. */
export type Money = { amount: number; currency: MoneyCurrency; currencyOther: string | null };

export type RecordValue = string | number | boolean | Money | Phone | readonly string[] | null;
export type RecordBody = Record<string, RecordValue>;

function isFilled(value: unknown): boolean {
  return (
    value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0)
  );
}

const emptyToNull = (value: unknown) => (value === "" ? null : value);

/** One of a list's keys; empty or absent is null. */
function choice(options: readonly string[]) {
  return z.preprocess(
    emptyToNull,
    z
      .enum(options)
      .nullish()
      .transform((value) => value ?? null),
  );
}

/** Distinct keys of a list, in the order given. */
function choices(options: readonly string[]) {
  return boundedList(z.enum(options), options.length).transform((keys) => [...new Set(keys)]);
}

/** Kept exactly as typed (a password may start or end with a space); "" is null. */
const secret = z
  .string()
  .max(LIMITS.longTextMax)
  .nullish()
  .transform((value) => (value ? value : null));

const money = z
  .object({
    amount: z.number().int().nullish(),
    currency: z.preprocess(
      emptyToNull,
      z
        .enum(MONEY_CURRENCIES)
        .nullish()
        .transform((value) => value ?? DEFAULT_MONEY_CURRENCY),
    ),
    currencyOther: z.preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{3}$/, RECORD_MESSAGES.invalidFormat)
        .nullish(),
    ),
  })
  .nullish()
  .transform((value): Money | null => {
    if (value?.amount === undefined || value.amount === null) return null;
    const currencyOther =
      value.currency === OTHER_OPTION ? (value.currencyOther?.toUpperCase() ?? null) : null;
    return { amount: value.amount, currency: value.currency, currencyOther };
  });

const number = z
  .number()
  .nullish()
  .transform((value) => value ?? null);

const boolean = z
  .boolean()
  .nullish()
  .transform((value) => value ?? null);

const email = emailRowSchema.transform((value) => value || null);

const phone = phoneRowSchema.nullish().transform((value) => value ?? null);

/** The last day of the date's month, at midnight UTC: a card valid "until 08/27" is valid all August. */
function endOfMonth(epochMs: number): number {
  const date = new Date(epochMs);
  const end = new Date(0);
  end.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + 1, 0);
  return end.getTime();
}

const monthDate = epochMs.transform((value) => (value === null ? null : endOfMonth(value)));

function selectSchema(field: FieldDef): z.ZodType {
  // Provinces are keys in Canada and free text elsewhere: checked against the record's country below.
  if (field.options === "province") return optionalText();
  if (field.options === "country") return countryCode;
  const options = optionsOf(field.options ?? "");
  if (!options) throw new RangeError(`${field.key}: unknown option list ${field.options}`);
  return choice(options);
}

function baseSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case "text":
      return field.required ? requiredText(RECORD_MESSAGES.required) : optionalText();
    case "longtext":
      return field.required
        ? requiredText(RECORD_MESSAGES.required, LIMITS.longTextMax)
        : optionalText(LIMITS.longTextMax);
    case "secret":
      return secret;
    case "date":
      return field.datePrecision === "month" ? monthDate : epochMs;
    case "money":
      return money;
    case "number":
      return number;
    case "select":
      return selectSchema(field);
    case "multiselect": {
      const options = optionsOf(field.options ?? "");
      if (!options) throw new RangeError(`${field.key}: unknown option list ${field.options}`);
      return choices(options);
    }
    case "boolean":
      return boolean;
    case "url":
      return websiteSchema;
    case "email":
      return email;
    case "phone":
      return phone;
    case "personRef":
    case "addressRef":
    case "institutionRef":
    case "recordRef":
      return optionalRef;
    case "personRefs":
      return refList(PERSON_REFS_MAX);
    case "documents":
      return refList(DOCUMENTS_MAX);
  }
}

function fieldSchema(field: FieldDef): z.ZodType {
  const base = baseSchema(field);
  // Text checks its own presence (its message also covers a wrong type); the rest say so here.
  if (!field.required || field.type === "text" || field.type === "longtext") return base;
  return base.refine(isFilled, RECORD_MESSAGES.required);
}

const LIST_TYPES: ReadonlySet<FieldDef["type"]> = new Set(["multiselect", "personRefs", "documents"]);

const emptyValueOf = (field: FieldDef): RecordValue => (LIST_TYPES.has(field.type) ? [] : null);

/**
 * What one field cannot check alone: a province against the record's country, the fields shown
 * only for some options (cleared when hidden, as is an `other` text whose `other` is no longer
 * chosen), and the category's rules.
 */
function applyRules(category: CategoryDef, input: RecordBody, context: z.RefinementCtx): RecordBody {
  const body: RecordBody = { ...input };
  const hasCountry = category.fields.some((field) => field.key === "country");
  for (const field of category.fields) {
    const value = body[field.key];
    if (
      field.options === "province" &&
      typeof value === "string" &&
      (!hasCountry || body.country === CANADA)
    ) {
      const key = isProvinceKey(value.toLowerCase()) ? value.toLowerCase() : provinceKeyFromName(value);
      if (key === undefined) {
        context.addIssue({ code: "custom", path: [field.key], message: RECORD_MESSAGES.invalidChoice });
      } else {
        body[field.key] = key;
      }
    }
    if (!isFieldVisible(field, input)) {
      body[field.key] = emptyValueOf(field);
    }
    if (hasOtherOption(field) && !choosesOther(body[field.key])) {
      body[otherFieldKey(field)] = null;
    }
  }
  for (const rule of category.rules ?? []) {
    if (rule.kind === "atLeastOne" && !rule.fields.some((key) => isFilled(body[key]))) {
      for (const key of rule.fields) {
        context.addIssue({ code: "custom", path: [key], message: RECORD_MESSAGES.oneOfRequired });
      }
    }
    if (rule.kind === "categoryInModule") {
      const module = body[rule.moduleField];
      const assigned = body[rule.categoryField];
      if (
        isAssignedType(assigned) &&
        typeof module === "string" &&
        ASSIGNED_TYPE_MODULES[assigned] !== module
      ) {
        context.addIssue({
          code: "custom",
          path: [rule.categoryField],
          message: RECORD_MESSAGES.invalidChoice,
        });
      }
    }
  }
  return body;
}

function buildSchema(category: CategoryDef): z.ZodType<RecordBody> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of category.fields) {
    shape[field.key] = fieldSchema(field);
    if (hasOtherOption(field)) shape[otherFieldKey(field)] = optionalText();
  }
  // The JSON Schema (OpenAPI) marks required what the declaration does: the schemas above take
  // an absent value in so that it is refused with the "required" message.
  const required = category.fields.filter((field) => field.required).map((field) => field.key);
  return z
    .object(shape)
    .meta({ required })
    .transform((body, context) => applyRules(category, body as RecordBody, context)) as z.ZodType<RecordBody>;
}

const schemas = new WeakMap<CategoryDef, z.ZodType<RecordBody>>();

/** The body schema of a category (built once per declaration). */
export function recordSchema(category: CategoryRef): z.ZodType<RecordBody> {
  const def = typeof category === "string" ? categoryDef(category) : category;
  let schema = schemas.get(def);
  if (!schema) {
    schema = buildSchema(def);
    schemas.set(def, schema);
  }
  return schema;
}
