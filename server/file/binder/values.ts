import { parsePhoneNumberFromString } from "libphonenumber-js";
import { countryName } from "../../../domain/catalog/countries.ts";
import { currencySymbol, formatAmount } from "../../../domain/catalog/currencies.ts";
import type { Language } from "../../../domain/catalog/languages.ts";
import { type OptionListName, OTHER_OPTION, optionLabelKey } from "../../../domain/catalog/optionLists.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { Address } from "../../../domain/schemas/address.ts";
import { choosesOther, otherFieldKey } from "../../../domain/sections/fields.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { FieldDef } from "../../../domain/sections/types.ts";

/**
 * A record's value as printed text, per declared type, as the app's FieldDisplay shows it: option
 * labels in the reader's language, dates DD MMM, YYYY, money with its symbol, phones in
 * international form, references by name. Empty values print nothing (the row is left out); a
 * secret is its value, present only when the snapshot was read with secrets.
 */

/** What values are printed with: the reader's words and the names of what records refer to. */
export type ValueContext = {
  language: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
  personName: (id: string) => string | undefined;
  addressText: (id: string) => string | undefined;
  institutionName: (id: string) => string | undefined;
  recordName: (id: string) => string | undefined;
  documentName: (id: string) => string | undefined;
};

export function isFilled(value: unknown): boolean {
  return (
    value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0)
  );
}

export function phoneText(phone: { number: string }): string {
  return parsePhoneNumberFromString(phone.number)?.formatInternational() ?? phone.number;
}

function optionText(field: FieldDef, key: string, other: string | null, context: ValueContext): string {
  if (key === OTHER_OPTION && other) return other;
  if (field.options === "country") return countryName(key, context.language) ?? key;
  // A Canadian region is a province key; any other country's is free text.
  if (field.options === "province" && !/^[a-z]{2}$/.test(key)) return key;
  return context.t(optionLabelKey((field.options ?? "") as Exclude<OptionListName, "country">, key));
}

function names(ids: readonly string[], name: (id: string) => string | undefined): string {
  return ids.flatMap((id) => name(id) ?? []).join(", ");
}

/** The field's value in `body` as text; "" when there is nothing to print. */
export function valueText(field: FieldDef, body: RecordBody, context: ValueContext): string {
  const value = body[field.key];
  if (!isFilled(value)) return "";
  const otherValue = choosesOther(value) ? body[otherFieldKey(field)] : null;
  const other = typeof otherValue === "string" && otherValue !== "" ? otherValue : null;
  switch (field.type) {
    case "date":
      return typeof value === "number" ? (formatDate(value, context.language) ?? "") : "";
    case "money": {
      const money = value as { amount: number; currency: string; currencyOther: string | null };
      const code = money.currency === OTHER_OPTION ? (money.currencyOther ?? "") : money.currency;
      return `${currencySymbol(code)} ${formatAmount(money.amount, context.language)}`.trim();
    }
    case "number":
      return new Intl.NumberFormat(context.language === "fr" ? "fr-CA" : "en-CA").format(Number(value));
    case "boolean":
      return context.t(value ? "records:value.yes" : "records:value.no");
    case "select":
      return optionText(field, String(value), other, context);
    case "multiselect":
      return (value as string[]).map((key) => optionText(field, key, other, context)).join(", ");
    case "phone":
      return phoneText(value as { number: string });
    case "personRef":
      return context.personName(String(value)) ?? "";
    case "personRefs":
      return names(value as string[], context.personName);
    case "addressRef":
      return context.addressText(String(value)) ?? "";
    case "institutionRef":
      return context.institutionName(String(value)) ?? "";
    case "recordRef":
      return context.recordName(String(value)) ?? "";
    case "documents":
      return names(value as string[], context.documentName);
    default:
      return String(value);
  }
}

/** An address as printed: its lines, the city line and the country, one a line. */
export function addressText(address: Address, language: Language): string {
  const region = address.province ?? address.state ?? address.county;
  return [
    address.addressLine1,
    address.addressLine2,
    [address.city, region, address.zip].filter(Boolean).join(", "),
    countryName(address.country ?? "", language) ?? address.country,
  ]
    .filter((line) => line !== null && line !== undefined && line !== "")
    .join("\n");
}
