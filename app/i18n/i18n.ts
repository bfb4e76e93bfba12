import i18next, { type i18n as I18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languageFromHeader,
} from "../../domain/catalog/languages.ts";
import { PWA_RESOURCES } from "../pwa/bundledStrings.ts";
import { translationsBackend } from "./translationsBackend.ts";

/** Where the reader's explicit language choice is remembered (the account will take over later). */
export const LANGUAGE_STORAGE_KEY = "kinfile.lang";

/** Options shared by the browser instance and the test instance, so both resolve keys alike. */
export const BASE_I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: "languageOnly",
  ns: ["common"],
  defaultNS: "common",
  // React escapes what it renders; escaping here too would show "&amp;" in labels.
  interpolation: { escapeValue: false },
} satisfies InitOptions;

/** Keeps `<html lang>` in step with the language, for screen readers, hyphenation and spelling. */
export function followLanguageInDocument(instance: I18n): void {
  const apply = (lng: string | undefined) => {
    if (lng) document.documentElement.lang = lng;
  };
  apply(instance.resolvedLanguage ?? instance.language);
  instance.on("languageChanged", () => apply(instance.resolvedLanguage ?? instance.language));
}

/**
 * The reader's explicit choice (stored by chooseLanguage), else the first of the browser's
 * preferences we translate into, else the default. Only an explicit choice is stored, so a change
 * in the browser's preferences still counts. A few lines rather than a detector plugin in the bundle.
 */
export function detectLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Blocked storage (private mode, sandboxed frame): the browser's preferences decide.
  }
  if (isLanguage(stored)) return stored;
  // The same ranking as the server's for an Accept-Language header, which lists the same choices.
  return languageFromHeader(navigator.languages?.join(",") || navigator.language);
}

/**
 * The browser instance: translations load over HTTP from /locales/{lng}/{ns}.json (but the
 * installable app's few, bundled to be there offline), in the language detectLanguage finds.
 */
export function createBrowserI18n(): I18n {
  const instance = i18next.createInstance();
  instance
    .use(translationsBackend)
    .use(initReactI18next)
    .init({
      ...BASE_I18N_OPTIONS,
      lng: detectLanguage(),
      resources: PWA_RESOURCES,
      partialBundledLanguages: true,
      react: { useSuspense: true },
    });
  followLanguageInDocument(instance);
  return instance;
}

/** Applies an explicit choice and remembers it for the next visit. */
export async function chooseLanguage(instance: I18n, language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be full or blocked (private mode); the choice then lasts for this visit only.
  }
  await instance.changeLanguage(language);
}

/** The current language as one of ours (i18next may hold a regional tag or a fallback list). */
export function currentLanguage(instance: I18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}
