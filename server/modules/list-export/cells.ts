import { countryName } from "../../../domain/catalog/countries.ts";
import { currencySymbol, formatAmount } from "../../../domain/catalog/currencies.ts";
import type { Language } from "../../../domain/catalog/languages.ts";
import { type OptionListName, OTHER_OPTION, optionLabelKey } from "../../../domain/catalog/optionLists.ts";
import { formatDate } from "../../../domain/dates.ts";
import { formatPhone } from "../../../domain/schemas/phone.ts";
import { MASK } from "../../../domain/secrets.ts";
import type { FieldDef } from "../../../domain/sections/types.ts";

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A calendar date (UTC midnight) in the reader's language, as the lists show it (DD MMM, YYYY in English). */
export function dateCell(epochMs: number | null | undefined, language: Language): string {
  return formatDate(epochMs, language) ?? "";
}

function isNamedRef(value: unknown): value is { id: string; name: string | null } {
  return typeof value === "object" && value !== null && "id" in value;
}

/**
 * A list column's value as the list shows it, as text: dates and money formatted in the reader's
 * language, options by their label, references by name, secrets masked (a list never carries them
 * in clear, and an export is no place to reveal them), empty as "".
 */
export function recordCell(field: FieldDef, value: unknown, language: Language, t: Translate): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return "";
  }
  const option = (key: string) =>
    field.options === "country"
      ? (countryName(key, language) ?? key)
      : t(optionLabelKey((field.options ?? "") as Exclude<OptionListName, "country">, key));
  switch (field.type) {
    case "secret":
      return MASK;
    case "date":
      return dateCell(value as number, language);
    case "money": {
      const money = value as { amount: number; currency: string; currencyOther: string | null };
      const code = money.currency === OTHER_OPTION ? (money.currencyOther ?? "") : money.currency;
      return `${currencySymbol(code)} ${formatAmount(money.amount, language)}`.trim();
    }
    case "number":
      return new Intl.NumberFormat(language === "fr" ? "fr-CA" : "en-CA").format(Number(value));
    case "boolean":
      return t(value ? "records:value.yes" : "records:value.no");
    case "select":
      // A province outside Canada is free text, kept as typed.
      if (field.options === "province" && typeof value === "string" && !/^[a-z]{2}$/.test(value))
        return value;
      return option(String(value));
    case "multiselect":
      return (value as string[]).map(option).join("; ");
    case "phone":
      return formatPhone(value as { number: string });
    case "personRef":
    case "personRefs":
    case "addressRef":
    case "institutionRef":
    case "recordRef":
      return (Array.isArray(value) ? value : [value])
        .flatMap((ref) => (isNamedRef(ref) && ref.name ? [ref.name] : []))
        .join("; ");
    case "documents":
      return String((value as unknown[]).length);
    default:
      return String(value);
  }
}
