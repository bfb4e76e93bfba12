import { COMMON_FIELDS } from "./fields.ts";
import { hasOwnLeadDays, reminderLeadDays } from "./reminders.ts";
import type { CategoryDef, CategoryRule, FieldDef, RecordModule } from "./types.ts";

/** A field as a module file writes it: optional fields leave `required` out. */
export type FieldInput = Omit<FieldDef, "required" | "reminderLeadDays"> & { required?: boolean };

/**
 * One category of CATALOG.md section 3: its own fields in form order, then the common `notes` and
 * `documents`; reminder lead times come from the one table in reminders.ts.
 */
export function defineCategory<const M extends RecordModule, const K extends string>(
  module: M,
  key: K,
  fields: readonly FieldInput[],
  rules?: readonly CategoryRule[],
): CategoryDef & { module: M; key: K } {
  const own = fields.map(
    (field): FieldDef => ({
      ...field,
      required: field.required ?? false,
      ...(field.reminder && hasOwnLeadDays(key, field.key)
        ? { reminderLeadDays: reminderLeadDays(key, field.key) }
        : {}),
    }),
  );
  const leadDays = fields.some((field) => field.reminder) ? reminderLeadDays(key) : undefined;
  return {
    key,
    module,
    fields: [...own, ...COMMON_FIELDS],
    ...(leadDays ? { reminderLeadDays: leadDays } : {}),
    ...(rules ? { rules } : {}),
  };
}
