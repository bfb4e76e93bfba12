import { DEFAULT_MONEY_CURRENCY } from "../../../domain/catalog/currencies.ts";
import type { Phone } from "../../../domain/schemas/phone.ts";
import { defaultsToOwner, hasOtherOption, otherFieldKey } from "../../../domain/sections/fields.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef, FieldDef } from "../../../domain/sections/types.ts";
import type { MoneyValue } from "../../components/fields/MoneyField.tsx";
import { emptyPhoneRow, phoneRowOf } from "../../components/phone/PhoneInput.tsx";
import type { PhoneLibrary } from "../../components/phone/phoneLibrary.ts";

/** A record form's values: one entry per declared field and per `<field>Other` text. */
export type RecordFormValues = Record<string, unknown>;

function emptyValue(field: FieldDef, ownId: string | null): unknown {
  switch (field.type) {
    case "multiselect":
    case "personRefs":
    case "documents":
      return [];
    case "money":
      return { amount: null, currency: DEFAULT_MONEY_CURRENCY, currencyOther: null } satisfies MoneyValue;
    case "phone":
      return emptyPhoneRow();
    case "select":
      return field.defaultOption ?? null;
    case "personRef":
      return defaultsToOwner(field) ? ownId : null;
    default:
      return null;
  }
}

function formValue(field: FieldDef, stored: unknown, phones: PhoneLibrary | null): unknown {
  if (field.type === "phone") return stored ? phoneRowOf(stored as Phone, phones) : emptyPhoneRow();
  return stored;
}

/** Whether the category has a phone field (its form then needs the phone library). */
export function hasPhoneField(category: CategoryDef): boolean {
  return category.fields.some((field) => field.type === "phone");
}

/**
 * The values a form starts from: the saved record's (its phones formatted by `phones`), or each
 * field's empty value (a select's default option, the holder as the owner's own person when the
 * field allows it).
 */
export function initialValues(
  category: CategoryDef,
  body: RecordBody | null,
  ownId: string | null,
  phones: PhoneLibrary | null,
): RecordFormValues {
  const values: RecordFormValues = {};
  for (const field of category.fields) {
    const stored = body?.[field.key];
    values[field.key] =
      body && stored !== undefined && stored !== null
        ? formValue(field, stored, phones)
        : emptyValue(field, ownId);
    if (hasOtherOption(field)) values[otherFieldKey(field)] = body?.[otherFieldKey(field)] ?? null;
  }
  return values;
}

/** Whether a server message's path is a field this form shows beside an input. */
export function isRecordFieldPath(category: CategoryDef, path: string): boolean {
  const head = path.split(".")[0] ?? "";
  return category.fields.some((field) => field.key === head || otherFieldKey(field) === head);
}
