import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatDay } from "../../../domain/dates.ts";
import type { DateValue } from "./accountApi.ts";

/** Formats a moment (epoch ms or ISO string) as a date and time in the UI language. */
export function useDateTimeFormat(): (value: DateValue) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((value) => formatDateTime(value, language), [language]);
}

/** Formats a moment as a date only, in the UI language. */
export function useDateFormat(): (value: DateValue) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((value) => formatDay(value, language), [language]);
}
