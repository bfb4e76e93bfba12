import { z } from "zod";
import { PERSON_GROUPS } from "../catalog/relationships.ts";
import {
  personInputSchema,
  personListItemSchema,
  personRecordSchema,
  personRevealQuerySchema,
} from "../schemas/person.ts";
import {
  type PersonCard,
  personVcardDecisionsSchema,
  personVcardExportQuerySchema,
  personVcardTargetSchema,
  vcardDecisionsResultSchema,
  vcardFileSchema,
  vcardImportResultSchema,
} from "../schemas/vcard.ts";
import { editConflictSchema, etagHeaders, ifMatchHeaders } from "./versions.ts";

const group = z.enum(PERSON_GROUPS);
const id = z.string().max(64);

export const personsTypes = {
  /** The owner's own person ("me"); `?reveal=socialNumber` answers the social number in clear (logged). */
  own: { query: personRevealQuerySchema, response: personRecordSchema, responseHeaders: etagHeaders },
  /**
   * Creates (no id) or replaces (with id) a person; answers its id as a JSON string and its ETag.
   * A replace with If-Match writes only while the person is still that version (409 otherwise,
   * the social number masked in both versions).
   */
  save: {
    headers: ifMatchHeaders,
    body: personInputSchema,
    response: z.string(),
    responseHeaders: etagHeaders,
    errors: { 409: editConflictSchema(personRecordSchema) },
  },
  list: { params: z.object({ group }), response: z.array(personListItemSchema) },
  read: {
    params: z.object({ group, id }),
    query: personRevealQuerySchema,
    response: personRecordSchema,
    responseHeaders: etagHeaders,
  },
  remove: { params: z.object({ id }), response: z.null() },
  /** The group's list as a CSV download (text/csv), in the reader's language. */
  csv: {
    params: z.object({ group }),
    response: z.string().describe("text/csv; charset=utf-8, as an attachment"),
  },
  /** The persons as a .vcf: every one, one group's (`group`) or one (`id`). */
  vcardExport: { query: personVcardExportQuerySchema, response: vcardFileSchema },
  /** multipart/form-data with one `file` part: creates the new persons, answers the likely duplicates. */
  vcardImport: { query: personVcardTargetSchema, response: vcardImportResultSchema<PersonCard>() },
  /** The owner's merge, create or skip of each likely duplicate. */
  vcardDecide: { body: personVcardDecisionsSchema, response: vcardDecisionsResultSchema },
};
