import { z } from "zod";
import { homeSchema, notApplicableParamsSchema } from "../schemas/home.ts";

export const homeTypes = {
  /** The file's progress per module, its next steps, reminders, nominees and binder. */
  home: { response: homeSchema },
  /** Marks a category "I don't have this". */
  markNotApplicable: { params: notApplicableParamsSchema, response: z.null() },
  unmarkNotApplicable: { params: notApplicableParamsSchema, response: z.null() },
};
