import { z } from "zod";
import { institutionInputSchema, institutionSchema } from "../schemas/institution.ts";

const idParams = z.object({ id: z.string().max(64) });

export const institutionsTypes = {
  list: { response: z.array(institutionSchema) },
  /** Creates (or updates, with an id) a company; answers its id. */
  create: { body: institutionInputSchema, response: z.object({ id: z.string() }) },
  read: { params: idParams, response: institutionSchema },
  /** Replaces a company; answers it as saved. */
  replace: { params: idParams, body: institutionInputSchema, response: institutionSchema },
  remove: { params: idParams, response: z.null() },
  /** The companies as a CSV download (text/csv), in the reader's language. */
  csv: { response: z.string().describe("text/csv; charset=utf-8, as an attachment") },
};
