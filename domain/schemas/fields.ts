import { z } from "zod";
import { withoutBidiControls } from "../bidi.ts";
import { isCountryCode } from "../catalog/countries.ts";
import { LIMITS } from "../limits.ts";

/**
 * Building blocks of the personal-network schemas, shared by the API and the forms. Messages are
 * translation keys ("ns:key"), translated where they are shown. Empty text becomes null, as the
 * spec stores it.
 */

/** One-line text (or long text with a larger max), trimmed, without bidi controls; empty or absent is null. */
export function optionalText(max: number = LIMITS.textMax) {
  return z
    .string()
    .overwrite(withoutBidiControls)
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Required one-line text; missing, null or blank answer `message`. */
export function requiredText(message: string, max: number = LIMITS.textMax) {
  // The schema-wide error would also replace the length message: only a wrong type gets `message`.
  return z
    .string({ error: (issue) => (issue.code === "invalid_type" ? message : undefined) })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, message)
    .max(max);
}

/** A reference to another saved record by id; empty or absent is null. */
export const optionalRef = z.preprocess(
  (value) => (value === "" ? null : value),
  z
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
);

/**
 * A list of at most `max` items. The length is checked before any item is parsed, so an oversized
 * list costs nothing to refuse.
 */
export function boundedList<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(z.unknown())
    .max(max)
    .nullish()
    .transform((value) => value ?? [])
    .pipe(z.array(item));
}

/** Distinct references, in the order given. */
export function refList(max: number) {
  return boundedList(z.uuid(), max).transform((ids) => [...new Set(ids)]);
}

/** Largest date JavaScript can hold, either side of 1970. */
const EPOCH_MS_LIMIT = 8.64e15;

/** A calendar date as epoch milliseconds (UTC); absent is null. */
export const epochMs = z
  .number()
  .int()
  .min(-EPOCH_MS_LIMIT)
  .max(EPOCH_MS_LIMIT)
  .nullish()
  .transform((value) => value ?? null);

/** An ISO 3166-1 alpha-2 country code from the countries lookup; lower case is accepted. */
export const countryCode = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() || null : value),
  z
    .string()
    .refine(isCountryCode, "errors:fields.invalid_choice")
    .nullish()
    .transform((value) => value ?? null),
);

/** One of a fixed list; absent or empty is null. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(choices: T) {
  return z.preprocess(
    (value) => (value === "" ? null : value),
    z
      .enum(choices)
      .nullish()
      .transform((value) => value ?? null),
  );
}
