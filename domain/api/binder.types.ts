import { z } from "zod";
import { RECORD_MODULES } from "../sections/modules.ts";

const flag = z
  .enum(["true", "false"], { error: "errors:fields.invalid_choice" })
  .default("false")
  .transform((value) => value === "true");

/** What a binder is made of: a module (else the whole file), secrets in clear, attached PDFs appended. */
export const binderQuery = z.object({
  module: z
    .enum(["personal-network", ...RECORD_MODULES], { error: "errors:fields.invalid_choice" })
    .optional(),
  secrets: flag,
  files: flag,
});

/** The binder itself, written as it is laid out. */
const pdf = z.file().mime("application/pdf").describe("the emergency binder, as an attachment");

export const binderTypes = {
  owner: { query: binderQuery, response: pdf },
  /** A nominee's binder: what the grant shows, never secrets (a nominee reveals them one at a time). */
  nominee: {
    params: z.object({ nomineeId: z.string().max(64) }),
    query: binderQuery.pick({ files: true }),
    response: pdf,
  },
};
