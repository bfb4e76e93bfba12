import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { boundedList } from "./fields.ts";

const validEmail = z.email();

/** One email row of a multi-value input: blank rows are allowed (the form keeps one) and dropped. */
export const emailRowSchema = z
  .string()
  .trim()
  .max(LIMITS.textMax)
  .nullish()
  .refine((value) => !value || validEmail.safeParse(value).success, "errors:fields.invalid_email");

/** Up to 5 rows (the spec's multi-value limit), answered without blanks or repeats. */
export const emailListSchema = boundedList(emailRowSchema, LIMITS.multiValueRowsMax).transform((rows) => [
  ...new Set(rows.filter((row): row is string => Boolean(row))),
]);
