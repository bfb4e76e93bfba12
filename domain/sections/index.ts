/**
 * The 51 record categories of CATALOG.md section 3 (every assignedType but the eight Personal
 * Network ones), each declared once in its module's file, and what callers ask of them.
 */
import { ASSETS_CATEGORIES } from "./assets.ts";
import { EMPLOYER_INFO_CATEGORIES } from "./employerinfo.ts";
import { HOUSEHOLD_CATEGORIES } from "./household.ts";
import { INVENTORY_CATEGORIES } from "./inventory.ts";
import type { RecordModule } from "./modules.ts";
import { PASSWORD_VAULT_CATEGORIES } from "./passwordvault.ts";
import { PERSONAL_DATA_CATEGORIES } from "./personaldata.ts";
import type { CategoryDef, FieldDef, FieldType } from "./types.ts";

/** All record categories, in CATALOG.md order (module by module). */
export const CATEGORIES = [
  ...PERSONAL_DATA_CATEGORIES,
  ...HOUSEHOLD_CATEGORIES,
  ...EMPLOYER_INFO_CATEGORIES,
  ...INVENTORY_CATEGORIES,
  ...ASSETS_CATEGORIES,
  ...PASSWORD_VAULT_CATEGORIES,
] as const;

export type CategoryKey = (typeof CATEGORIES)[number]["key"];

export const CATEGORY_KEYS: readonly CategoryKey[] = CATEGORIES.map((category) => category.key);

const BY_KEY: ReadonlyMap<string, CategoryDef> = new Map(
  CATEGORIES.map((category) => [category.key, category]),
);

export function isCategoryKey(value: unknown): value is CategoryKey {
  return typeof value === "string" && BY_KEY.has(value);
}

export function categoryDef(key: CategoryKey): CategoryDef {
  const category = BY_KEY.get(key);
  if (!category) throw new RangeError(`Unknown record category: ${key}`);
  return category;
}

/** A module's categories in CATALOG.md order. */
export function categoriesOf(module: RecordModule): readonly CategoryDef[] {
  return CATEGORIES.filter((category) => category.module === module);
}

/** A category by its declaration or its key: what the functions below accept. */
export type CategoryRef = CategoryDef | CategoryKey;

function resolve(category: CategoryRef): CategoryDef {
  return typeof category === "string" ? categoryDef(category) : category;
}

/** One field of a category, or undefined. */
export function fieldDef(category: CategoryRef, key: string): FieldDef | undefined {
  return resolve(category).fields.find((field) => field.key === key);
}

/** The list's columns, in column order (at most 4). */
export function listColumns(category: CategoryRef): readonly FieldDef[] {
  return resolve(category)
    .fields.filter((field) => field.listColumn !== undefined)
    .sort((a, b) => (a.listColumn ?? 0) - (b.listColumn ?? 0));
}

/** Fields encrypted at rest, masked on screen, kept out of logs, search and default exports. */
export function secretFields(category: CategoryRef): readonly FieldDef[] {
  return resolve(category).fields.filter((field) => field.type === "secret");
}

const REFERENCE_TYPES: ReadonlySet<FieldType> = new Set([
  "personRef",
  "personRefs",
  "addressRef",
  "institutionRef",
  "recordRef",
  "documents",
]);

/**
 * Fields holding ids of other saved data (persons, addresses, institutions, records, documents),
 * which must belong to the record's owner; `personGroups` and `recordCategories` narrow them further.
 */
export function referenceFields(category: CategoryRef): readonly FieldDef[] {
  return resolve(category).fields.filter((field) => REFERENCE_TYPES.has(field.type));
}

/** The `date R` fields the reminder engine watches. */
export function reminderFields(category: CategoryRef): readonly FieldDef[] {
  return resolve(category).fields.filter((field) => field.reminder === true);
}

/** Days before a `date R` field's date that its reminders go out, the earliest first. */
export function leadDaysOf(category: CategoryRef, field: FieldDef): readonly number[] {
  return field.reminderLeadDays ?? resolve(category).reminderLeadDays ?? [];
}

/** The field that names one record of the category (its page's title, its card's). */
export function titleFieldOf(category: CategoryRef): FieldDef {
  const def = resolve(category);
  const field = def.fields.find((candidate) => candidate.key === def.titleField);
  if (!field) throw new RangeError(`${def.key} declares no title field`);
  return field;
}

const ALWAYS_COPIED: ReadonlySet<FieldType> = new Set(["secret", "url", "email"]);

/** Whether a field's value is offered to copy in one click: secrets, web addresses, emails, usernames. */
export function isCopyable(field: FieldDef): boolean {
  return ALWAYS_COPIED.has(field.type) || (field.type === "text" && field.copy === true);
}
