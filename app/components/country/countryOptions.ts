import { useTranslation } from "react-i18next";
import type { CountryOption } from "../../../domain/catalog/countries.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../domain/catalog/languages.ts";
import { lazyModule, useLazyModule } from "../lazy/useLazyModule.ts";

/** The countries lookup carries every country's name in two languages: it loads on first use. */
const countriesModule = lazyModule(() => import("../../../domain/catalog/countries.ts"));

function useLanguage() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Every country in the UI language, sorted by name; null while the lookup loads (or is not `needed`). */
export function useCountryOptions(needed = true): readonly CountryOption[] | null {
  const countries = useLazyModule(countriesModule, needed);
  const lng = useLanguage();
  return countries ? countries.countryOptions(lng) : null;
}

/** A country's name in the UI language (the code itself while the lookup loads). */
export function useCountryName(): (code: string | null | undefined) => string {
  const countries = useLazyModule(countriesModule);
  const lng = useLanguage();
  return (code) => (code ? (countries?.countryName(code, lng) ?? code) : "");
}
