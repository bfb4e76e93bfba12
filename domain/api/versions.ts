import { z } from "zod";

/*
 * Versions of the file's editable rows (records, persons, addresses, companies): every save raises
 * a row's version, its ETag answers it, and a save naming an older one in If-Match answers 409.
 */

/**
 * A save's If-Match: one entity tag of a version (`"3"`), or `*` (any version); without it a save
 * is not checked, so API clients that never read an ETag keep working (the app always sends it).
 */
export const ifMatchSchema = z
  .string()
  .regex(/^(\*|"\d{1,15}")$/)
  .optional()
  .describe(
    'The version the save replaces, as its ETag answered it ("3"); 409 edit_conflict when another save came first',
  );

/** A row as a read answered it, with the version its ETag named. */
export type Versioned<T> = T & { version: number };

/** The request headers of a save that may name the version it replaces. */
export const ifMatchHeaders = z.looseObject({ "if-match": ifMatchSchema });

/** A row's version as its ETag (`"3"`), answered by a read and by a save. */
export const etagHeaders = z.object({
  etag: z.string().describe('The version ("3"), for a save\'s If-Match'),
});

/**
 * A save that named an older version: the stored row as a read answers it, its version (for a
 * save that replaces it after all) and the fields the save sent, as checked (secrets masked in
 * both), for the screen to show what changed.
 */
export function editConflictSchema<C extends z.ZodType>(current: C) {
  return z.object({
    error: z.object({
      code: z.literal("edit_conflict"),
      message: z.string(),
      current,
      version: z
        .number()
        .int()
        .describe("The stored row's version: a save naming it in If-Match replaces it"),
      sent: z.record(z.string(), z.unknown()),
    }),
  });
}
