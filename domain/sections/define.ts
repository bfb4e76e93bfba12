// This file imports no option list: the `category` option list is drawn from the declarations.
import type { RecordModule } from "./modules.ts";
import { leadDays, type ReminderLead } from "./reminders.ts";
import type { CategoryDef, CategoryRule, FieldDef } from "./types.ts";

/** Every category ends with these (CATALOG.md section 0). */
const COMMON_FIELDS: readonly FieldDef[] = [
  { key: "notes", type: "longtext", required: false },
  { key: "documents", type: "documents", required: false },
];

const COMMON_KEYS = new Set(COMMON_FIELDS.map((field) => field.key));

export function isCommonField(key: string): boolean {
  return COMMON_KEYS.has(key);
}

/**
 * A field as a module file writes it: optional fields leave `required` out; a `date R` is
 * `reminder: true` (the category's lead) or names a lead of its own.
 */
export type FieldInput = Omit<FieldDef, "required" | "reminder" | "reminderLeadDays"> & {
  required?: boolean;
  reminder?: true | ReminderLead;
};

/** What a category declares besides its fields. */
export type CategoryOptions = {
  /** How early the reminders of its `date R` fields go out (reminders.ts); needed when it has one. */
  reminders?: ReminderLead;
  rules?: readonly CategoryRule[];
  /** The binder's first page says where its records' originals are (CategoryDef.keyDocument). */
  keyDocument?: true;
  /** The list column that names a record, when it is not the first one. */
  title?: string;
};

/**
 * One category of CATALOG.md section 3: its own fields in form order, then the common `notes` and
 * `documents`, with its reminder lead and rules.
 */
export function defineCategory<const M extends RecordModule, const K extends string>(
  module: M,
  key: K,
  fields: readonly FieldInput[],
  { reminders, rules, keyDocument, title }: CategoryOptions = {},
): CategoryDef & { module: M; key: K } {
  const watched = fields.some((field) => field.reminder === true);
  if (watched !== (reminders !== undefined))
    throw new Error(`${key}: a category declares its reminder lead exactly when it has a reminder date`);
  const own = fields.map((field): FieldDef => {
    const { reminder, ...rest } = field;
    return {
      ...rest,
      required: field.required ?? false,
      ...(reminder === undefined ? {} : { reminder: true }),
      ...(typeof reminder === "string" ? { reminderLeadDays: leadDays(reminder) } : {}),
    };
  });
  const titleField = title ?? firstListColumn(own);
  if (!own.some((field) => field.key === titleField && field.listColumn !== undefined))
    throw new Error(`${key}: a record is named by one of its list columns`);
  return {
    key,
    module,
    fields: [...own, ...COMMON_FIELDS],
    titleField,
    ...(reminders ? { reminderLeadDays: leadDays(reminders) } : {}),
    ...(rules ? { rules } : {}),
    ...(keyDocument ? { keyDocument } : {}),
  };
}

/** The key of the field in list column 1, which names a record unless the category says otherwise. */
function firstListColumn(fields: readonly FieldDef[]): string {
  return fields.find((field) => field.listColumn === 1)?.key ?? "";
}
