/**
 * Rules every field declaration follows (CATALOG.md sections 0 and 4), kept as functions so that
 * no category repeats them: the `<field>Other` text behind an `other` option, the fields shown only
 * for some options, and the holder that starts as the owner.
 */
import { OTHER_OPTION, optionsOf } from "../catalog/optionLists.ts";
import type { FieldDef } from "./types.ts";

/** Whether choosing `other` reveals a free-text field for this select or multiselect. */
export function hasOtherOption(field: FieldDef): boolean {
  if (field.type !== "select" && field.type !== "multiselect") return false;
  return optionsOf(field.options ?? "")?.includes(OTHER_OPTION) ?? false;
}

/** The free-text field `other` reveals: insuranceType -> insuranceTypeOther. */
export function otherFieldKey(field: Pick<FieldDef, "key">): string {
  return `${field.key}Other`;
}

/** Whether a select's value (or a multiselect's values) includes `other`. */
export function choosesOther(value: unknown): boolean {
  return value === OTHER_OPTION || (Array.isArray(value) && value.includes(OTHER_OPTION));
}

/** Whether a field is shown for a record with these values (its `visibleWhen`, if any). */
export function isFieldVisible(field: FieldDef, values: Readonly<Record<string, unknown>>): boolean {
  const condition = field.visibleWhen;
  if (!condition) return true;
  const value = values[condition.field];
  return typeof value === "string" && condition.values.includes(value);
}

/**
 * The recurring `holder` (the one person a record is about) starts as the owner's own record,
 * unless the field only offers groups without it (a child's care).
 */
export function defaultsToOwner(field: FieldDef): boolean {
  return (
    field.key === "holder" &&
    field.type === "personRef" &&
    (field.personGroups === undefined || field.personGroups.includes("me"))
  );
}
