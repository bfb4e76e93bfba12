import { hasOtherOption, isFieldVisible, otherFieldKey } from "../../../domain/sections/fields.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef, FieldDef } from "../../../domain/sections/types.ts";
import type { ConflictRow } from "../../components/conflict/EditConflict.tsx";
import { FieldDisplay, isFilledValue } from "../../components/fields/FieldDisplay.tsx";

/** A value as comparable text: empty values alike, object keys in one order. */
function comparable(value: unknown): string {
  if (!isFilledValue(value)) return "";
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** The fields whose values differ between the two versions (a field's `other` text included). */
export function changedFields(category: CategoryDef, mine: RecordBody, theirs: RecordBody): FieldDef[] {
  return category.fields.filter((field) => {
    if (!isFieldVisible(field, mine) && !isFieldVisible(field, theirs)) return false;
    const keys = hasOtherOption(field) ? [field.key, otherFieldKey(field)] : [field.key];
    return keys.some((key) => comparable(mine[key]) !== comparable(theirs[key]));
  });
}

/** A record's conflict, field by field where the versions differ, each drawn as its view draws it. */
export function recordConflictRows(
  category: CategoryDef,
  mine: RecordBody,
  theirs: RecordBody,
  labelOf: (field: FieldDef) => string,
): ConflictRow[] {
  const value = (field: FieldDef, body: RecordBody) =>
    isFilledValue(body[field.key]) ? (
      <FieldDisplay
        field={field}
        label={labelOf(field)}
        value={body[field.key]}
        otherText={hasOtherOption(field) ? body[otherFieldKey(field)] : undefined}
      />
    ) : null;
  return changedFields(category, mine, theirs).map((field) => ({
    key: field.key,
    label: labelOf(field),
    mine: value(field, mine),
    theirs: value(field, theirs),
  }));
}
