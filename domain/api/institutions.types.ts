import { z } from "zod";
import { institutionInputSchema, institutionSchema } from "../schemas/institution.ts";
import {
  type InstitutionCard,
  institutionVcardDecisionsSchema,
  vcardDecisionsResultSchema,
  vcardExportQuerySchema,
  vcardFileSchema,
  vcardImportResultSchema,
} from "../schemas/vcard.ts";

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
  /** The companies as a .vcf: every one, or one (`id`). */
  vcardExport: { query: vcardExportQuerySchema, response: vcardFileSchema },
  /** multipart/form-data with one `file` part: creates the new companies, answers the likely duplicates. */
  vcardImport: { response: vcardImportResultSchema<InstitutionCard>() },
  /** The owner's merge, create or skip of each likely duplicate. */
  vcardDecide: { body: institutionVcardDecisionsSchema, response: vcardDecisionsResultSchema },
};
