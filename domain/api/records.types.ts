import { z } from "zod";
import { recordListItemSchema, recordRevealQuerySchema, recordViewSchema } from "../schemas/record.ts";
import { RECORD_MODULES } from "../sections/modules.ts";
import { editConflictSchema, etagHeaders, ifMatchHeaders } from "./versions.ts";

/*
 * The records API's schemas: each category's routes narrow `body` to the category's own schema
 * (domain/sections/schema.ts) and fix `module` and `category` in their path.
 */

const recordModule = z.enum(RECORD_MODULES);
const category = z.string().max(64);
const categoryParams = z.object({ module: recordModule, category });
const recordParams = z.object({ module: recordModule, category, id: z.string().max(64) });
/** Any category's fields; the route of each category checks them with its own schema. */
const anyBody = z.record(z.string(), z.unknown());
/** The record's id as a JSON string, as the spec's POST /api/pn/person answers it. */
const recordId = z.string();
/** A save that named an older version: the stored record and the fields sent, secrets masked. */
export const recordConflictSchema = editConflictSchema(recordViewSchema);
const csvFile = z.string().describe("text/csv; charset=utf-8, as an attachment");

export const recordsTypes = {
  /** How many records each category of a module holds. */
  count: { params: z.object({ module: recordModule }), response: z.record(z.string(), z.number()) },
  list: { params: categoryParams, response: z.array(recordListItemSchema) },
  create: { params: categoryParams, body: anyBody, response: recordId, responseHeaders: etagHeaders },
  /** One record, its secrets masked but those `reveal` names (each logged as a reveal or a copy). */
  read: {
    params: recordParams,
    query: recordRevealQuerySchema,
    response: recordViewSchema,
    responseHeaders: etagHeaders,
  },
  /**
   * Replaces the whole body; secrets left out or sent back masked keep their stored values. With
   * If-Match, only while the record is still that version (409 edit_conflict otherwise).
   */
  replace: {
    params: recordParams,
    headers: ifMatchHeaders,
    body: anyBody,
    response: recordId,
    responseHeaders: etagHeaders,
    errors: { 409: recordConflictSchema },
  },
  remove: { params: recordParams, response: z.null() },
  /** The category's list as a CSV download (text/csv), its list columns in the reader's language. */
  csv: { params: categoryParams, response: csvFile },
};
