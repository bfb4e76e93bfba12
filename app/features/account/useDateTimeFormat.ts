import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { DateValue } from "./accountApi.ts";

/** Formats a moment (epoch ms or ISO string) as a date and time in the UI language. */
export function useDateTimeFormat(): (value: DateValue) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    return (value) => format.format(new Date(value));
  }, [language]);
}

/** Formats a moment as a date only, in the UI language. */
export function useDateFormat(): (value: DateValue) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
    return (value) => format.format(new Date(value));
  }, [language]);
}
