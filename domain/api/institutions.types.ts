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
import { editConflictSchema, etagHeaders, ifMatchHeaders } from "./versions.ts";

const idParams = z.object({ id: z.string().max(64) });
/** A save that named an older version: the stored company and the one sent. */
const institutionConflictSchema = editConflictSchema(institutionSchema);
/** A save's If-Match, its answer's ETag and its 409 (domain/api/versions.ts). */
const versioned = {
  headers: ifMatchHeaders,
  responseHeaders: etagHeaders,
  errors: { 409: institutionConflictSchema },
};

export const institutionsTypes = {
  list: { response: z.array(institutionSchema) },
  /** Creates (or updates, with an id and If-Match, 409 edit_conflict on an older version) a company; answers its id. */
  create: { body: institutionInputSchema, response: z.object({ id: z.string() }), ...versioned },
  read: { params: idParams, response: institutionSchema, responseHeaders: etagHeaders },
  /** Replaces a company; answers it as saved. With If-Match, only while it is still that version. */
  replace: { params: idParams, body: institutionInputSchema, response: institutionSchema, ...versioned },
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
