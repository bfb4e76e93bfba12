import type { Language } from "../../domain/catalog/languages.ts";
import en from "../../public/locales/en/mail.json" with { type: "json" };
import fr from "../../public/locales/fr/mail.json" with { type: "json" };

/** The mail namespace's strings; French is checked against the English shape at compile time. */
export type MailStrings = typeof en;

const STRINGS: Record<Language, MailStrings> = { en, fr };

export function mailStrings(lng: Language): MailStrings {
  return STRINGS[lng];
}

/** Replaces {{name}} with params.name, in plain text; the HTML part escapes the result as a whole. */
export function fill(message: string, params: Record<string, string | number>): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Which of a string's two forms (key_one, key_other) a count takes in this language. */
export function pluralForm(lng: Language, count: number): "one" | "other" {
  return new Intl.PluralRules(lng).select(count) === "one" ? "one" : "other";
}

/** "45 minutes", "1 hour", "2 days": the largest whole unit, as the link lifetimes we mail are. */
export function formatDuration(lng: Language, minutes: number): string {
  const { duration } = mailStrings(lng);
  const [count, unit] =
    minutes % 1_440 === 0
      ? [minutes / 1_440, "days" as const]
      : minutes % 60 === 0
        ? [minutes / 60, "hours" as const]
        : [minutes, "minutes" as const];
  return fill(duration[`${unit}_${pluralForm(lng, count)}`], { count });
}

/** A time in the reader's language and time zone, with the zone named: "1 January 2026, 09:30 UTC". */
export function formatTime(lng: Language, epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat(lng === "fr" ? "fr-FR" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(epochMs);
}
