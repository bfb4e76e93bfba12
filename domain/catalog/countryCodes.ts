/**
 * The country codes alone (ISO 3166-1 alpha-2), apart from the countries lookup (countries.ts),
 * which carries every country's name in two languages: a form checks a code or compares it with
 * Canada's without loading those names, which load when a country is first shown or checked.
 */
import codes from "i18n-iso-countries/codes.json" with { type: "json" };

export const CANADA = "CA";
export const UNITED_KINGDOM = "GB";
export const UNITED_STATES = "US";

/** Every alpha-2 code the lookup names, in alphabetical order. */
export const COUNTRY_CODES: readonly string[] = codes.flatMap(([alpha2]) => alpha2 ?? []).sort();
