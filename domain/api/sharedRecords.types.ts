import { z } from "zod";
import { recordListItemSchema, recordRevealQuerySchema, recordViewSchema } from "../schemas/record.ts";

const id = z.string().max(64);
const text = z.string().max(64);
const categoryParams = z.object({ nomineeId: id, module: text, category: text });

/** A released nominee's reads of the owner's shared records; each read is in the owner's log. */
export const sharedRecordsTypes = {
  /** The shared categories of a module and how many records each holds. */
  count: { params: z.object({ nomineeId: id, module: text }), response: z.record(z.string(), z.number()) },
  list: { params: categoryParams, response: z.array(recordListItemSchema) },
  /** One shared record; `reveal` answers secrets in clear (each logged as a reveal or a copy). */
  read: { params: categoryParams.extend({ id }), query: recordRevealQuerySchema, response: recordViewSchema },
};
