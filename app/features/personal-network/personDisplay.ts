import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import "dayjs/locale/fr.js";
import { DATE_FORMAT } from "../../../domain/limits.ts";

dayjs.extend(utc);

/**
 * A calendar date (epoch ms at UTC midnight) as the spec shows it, DD MMM, YYYY, with the month
 * in the UI language. Read in UTC, so a birthday is the same day in every time zone.
 */
export function formatDate(epochMs: number | null | undefined, language: string): string | null {
  if (epochMs === null || epochMs === undefined) return null;
  return dayjs
    .utc(epochMs)
    .locale(language.startsWith("fr") ? "fr" : "en")
    .format(DATE_FORMAT);
}

export interface PersonName {
  firstName: string;
  lastName: string | null;
}

export function fullName({ firstName, lastName }: PersonName): string {
  return [firstName, lastName].filter(Boolean).join(" ");
}

/** The avatar's fallback: first letters of the first and last names ("AL"), upper case. */
export function initials({ firstName, lastName }: PersonName): string {
  return [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? "")
    .join("")
    .toLocaleUpperCase();
}
