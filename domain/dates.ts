import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import "dayjs/locale/fr.js";
import { isLanguage, type Language } from "./catalog/languages.ts";
import { DATE_FORMATS } from "./limits.ts";

dayjs.extend(utc);

/**
 * Every date the app and the binder show, in one format per language (domain/limits.ts DATE_FORMATS): calendar
 * dates, moments, comment times. Nothing else formats a date.
 */

function languageOf(language: string): Language {
  const base = language.slice(0, 2);
  return isLanguage(base) ? base : "en";
}

/** A moment as epoch ms, an ISO string or a Date. */
export type Moment = number | string | Date;

/**
 * A calendar date (epoch ms at UTC midnight: a birthday, an expiry) read in UTC, so it is the same
 * day in every time zone.
 */
export function formatDate(epochMs: number | null | undefined, language: string): string | null {
  if (epochMs === null || epochMs === undefined) return null;
  const lng = languageOf(language);
  return dayjs.utc(epochMs).locale(lng).format(DATE_FORMATS[lng].date);
}

/** The day of a moment (a sign-in, an invoice) in the reader's own time zone. */
export function formatDay(moment: Moment, language: string): string {
  const lng = languageOf(language);
  return dayjs(moment).locale(lng).format(DATE_FORMATS[lng].date);
}

/** A moment with its time, in the reader's own time zone. */
export function formatDateTime(moment: Moment, language: string): string {
  const lng = languageOf(language);
  return dayjs(moment).locale(lng).format(DATE_FORMATS[lng].dateTime);
}

/** A comment's time (epoch seconds), as the spec shows it: with seconds, in UTC. */
export function formatCommentTime(epochSeconds: number, language: string): string {
  const lng = languageOf(language);
  return dayjs.unix(epochSeconds).utc().locale(lng).format(DATE_FORMATS[lng].comment);
}
