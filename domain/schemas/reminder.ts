import { z } from "zod";
import { RECORD_MODULES } from "../sections/modules.ts";

/** One item of GET /api/reminders (and of the home's reminders): a record's date coming up or recently passed. */
export const reminderSchema = z.object({
  recordId: z.string(),
  module: z.enum(RECORD_MODULES),
  category: z.string(),
  field: z.string(),
  /** Epoch ms. */
  date: z.number(),
  /** Calendar days (UTC) from today to the date: 0 today, negative once it has passed. */
  daysLeft: z.number().int(),
  /** The holder's name when the record has one. */
  holderName: z.string().nullable(),
  /** What names the record in a sentence: the holder, else its first named list column. */
  title: z.string().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;
