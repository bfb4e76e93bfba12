/**
 * The spec's countries lookup: ISO 3166-1 alpha-2 codes with English and French names from
 * i18n-iso-countries. Only the two locales the product speaks are registered, and the library's
 * browser entry (index.js) is imported on purpose: its Node entry would load all 80 locales.
 */
import countries from "i18n-iso-countries/index.js";
import enCountries from "i18n-iso-countries/langs/en.json" with { type: "json" };
import frCountries from "i18n-iso-countries/langs/fr.json" with { type: "json" };
import type { Language } from "./languages.ts";

countries.registerLocale(enCountries);
countries.registerLocale(frCountries);

export interface CountryOption {
  readonly code: string;
  readonly label: string;
}

const optionsByLanguage = new Map<Language, readonly CountryOption[]>();

/** Upper-case alpha-2 code known to both registered locales. */
export function isCountryCode(value: unknown): value is string {
  return (
    typeof value === "string" &&
    /^[A-Z]{2}$/.test(value) &&
    countries.getName(value, "en") !== undefined &&
    countries.getName(value, "fr") !== undefined
  );
}

/** A country's name in the language (the official one, not an alias), or undefined. */
export function countryName(code: string, lng: Language): string | undefined {
  return isCountryCode(code) ? countries.getName(code, lng, { select: "official" }) : undefined;
}

/** The code of a country written as a code ("CA") or by its English or French name ("Canada"), else undefined. */
export function countryCodeOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const code = countries.getAlpha2Code(trimmed, "en") ?? countries.getAlpha2Code(trimmed, "fr");
  return isCountryCode(code) ? code : undefined;
}

/** Every country as a select option, sorted by its name with the language's collation. */
export function countryOptions(lng: Language): readonly CountryOption[] {
  const cached = optionsByLanguage.get(lng);
  if (cached) return cached;
  const collator = new Intl.Collator(lng, { sensitivity: "base" });
  const options = Object.entries(countries.getNames(lng, { select: "official" }))
    .map(([code, label]) => ({ code, label }))
    .sort((a, b) => collator.compare(a.label, b.label));
  optionsByLanguage.set(lng, options);
  return options;
}
