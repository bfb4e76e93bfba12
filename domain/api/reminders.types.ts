import { z } from "zod";
import { reminderSchema } from "../schemas/reminder.ts";

export const remindersTypes = {
  /** The record dates coming up within their largest lead time or overdue by at most 30 days, soonest first. */
  upcoming: { response: z.array(reminderSchema) },
};
