import "@mantine/dates/styles.css";
import { DateInput, type DateInputProps } from "@mantine/dates";
import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat.js";
import utc from "dayjs/plugin/utc.js";
import "dayjs/locale/fr.js";
import { useTranslation } from "react-i18next";
import { isLanguage, type Language } from "../../domain/catalog/languages.ts";
import { DATE_FORMATS } from "../../domain/limits.ts";
import { currentLanguage } from "../i18n/i18n.ts";
import { epochMsOf, isoDateOf } from "./isoDate.ts";

dayjs.extend(customParseFormat);
dayjs.extend(utc);

/**
 * What a person types, read as a date: the app's own format in their language ("15 Mar 2024",
 * "15 mars 2024"), the same with the month written out, day first in numbers ("15/03/2024", the
 * format the input names), or ISO ("2024-03-15"). Null for anything else.
 */
export function parseTypedDate(text: string, language: Language): string | null {
  const typed = text.trim();
  if (typed === "") return null;
  const { date } = DATE_FORMATS[language];
  const formats = ["YYYY-MM-DD", date, date.replace("MMM", "MMMM"), "DD/MM/YYYY", "D/M/YYYY"];
  for (const format of formats) {
    const parsed = dayjs(typed, format, language, true);
    if (parsed.isValid()) return parsed.format("YYYY-MM-DD");
  }
  return null;
}

export interface DatePickerFieldProps
  extends Omit<DateInputProps, "value" | "onChange" | "defaultValue" | "maxDate" | "locale" | "valueFormat"> {
  label: string;
  value: number | null;
  onChange: (epochMs: number | null) => void;
  /** The latest date allowed (e.g. today for a birthday), as epoch ms. */
  max?: number;
}

/**
 * A calendar date, shown and typed in the app's language and format (a browser's own date input
 * follows the browser's language instead), with a month calendar to pick from. Screens use it
 * through `DateField`, which loads it (Mantine's dates and dayjs) when a date is first shown.
 */
export function DatePickerField({ value, onChange, max, error, ...props }: DatePickerFieldProps) {
  const { t, i18n } = useTranslation("forms");
  const language = currentLanguage(i18n);
  const lng = isLanguage(language) ? language : "en";
  return (
    <DateInput
      value={value === null ? null : isoDateOf(value)}
      onChange={(picked) => onChange(picked === null ? null : epochMsOf(picked.slice(0, 10)))}
      locale={lng}
      valueFormat={DATE_FORMATS[lng].date}
      dateParser={(text) => parseTypedDate(text, lng)}
      maxDate={max === undefined ? undefined : isoDateOf(max)}
      placeholder={t("date.placeholder")}
      clearable
      clearButtonProps={{ "aria-label": t("date.clear") }}
      ariaLabels={{
        previousMonth: t("date.previousMonth"),
        nextMonth: t("date.nextMonth"),
        previousYear: t("date.previousYear"),
        nextYear: t("date.nextYear"),
        previousDecade: t("date.previousDecade"),
        nextDecade: t("date.nextDecade"),
      }}
      // Days of other months and weekends are drawn in pale or red by default, below 4.5:1.
      hideOutsideDates
      weekendDays={[]}
      error={error}
      aria-invalid={error ? true : undefined}
      autoComplete="off"
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
