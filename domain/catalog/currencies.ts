import type { Language } from "./languages.ts";

/** Subscription (payment) currencies of the spec's section 9, in its order. */
export const PAYMENT_CURRENCIES = ["cad", "gbp", "usd", "eur"] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/**
 * Currencies a money field offers (CATALOG section 4), default cad. `other` reveals a free-text
 * ISO code field.
 */
export const MONEY_CURRENCIES = ["cad", "usd", "gbp", "eur", "other"] as const;
export type MoneyCurrency = (typeof MONEY_CURRENCIES)[number];
export const DEFAULT_MONEY_CURRENCY: MoneyCurrency = "cad";

export function isPaymentCurrency(value: unknown): value is PaymentCurrency {
  return typeof value === "string" && (PAYMENT_CURRENCIES as readonly string[]).includes(value);
}

export function isMoneyCurrency(value: unknown): value is MoneyCurrency {
  return typeof value === "string" && (MONEY_CURRENCIES as readonly string[]).includes(value);
}

export function currencyLabelKey(currency: MoneyCurrency): `currency.${MoneyCurrency}` {
  return `currency.${currency}`;
}

const SYMBOLS: Readonly<Record<string, string>> = { cad: "$", usd: "$", gbp: "£", eur: "€" };

/**
 * The spec's symbol rule: cad and usd as $, gbp as £, eur as €, otherwise the code as given.
 * Codes match in any case, since products may carry "CAD" as well as "cad".
 */
export function currencySymbol(code: string): string {
  return SYMBOLS[code.toLowerCase()] ?? code;
}

// Canadian conventions in both languages: 1,234.56 in English, 1 234,56 in French.
const NUMBER_LOCALES: Record<Language, string> = { en: "en-CA", fr: "fr-CA" };
const formatters = new Map<Language, Intl.NumberFormat>();

/**
 * An amount held in minor units (cents), shown with 2 decimals and thousands separators.
 * The decimal string goes to Intl as is, so no float rounding creeps into large amounts.
 */
export function formatAmount(minorUnits: number, lng: Language): string {
  if (!Number.isSafeInteger(minorUnits))
    throw new RangeError(`Not a whole number of minor units: ${minorUnits}`);
  let formatter = formatters.get(lng);
  if (!formatter) {
    formatter = new Intl.NumberFormat(NUMBER_LOCALES[lng], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: true,
    });
    formatters.set(lng, formatter);
  }
  const sign = minorUnits < 0 ? "-" : "";
  const digits = String(Math.abs(minorUnits)).padStart(3, "0");
  const decimal = `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as Intl.StringNumericLiteral;
  return formatter.format(decimal);
}
