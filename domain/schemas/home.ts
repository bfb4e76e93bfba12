import { z } from "zod";
import { isCategoryKey } from "../sections/index.ts";
import { RECORD_MODULES } from "../sections/modules.ts";
import { reminderSchema } from "./reminder.ts";

/*
 * The home screen (GET /api/home): how far the file has come, module by module, what to do next,
 * and what needs the owner's eye. Declared once for the server and the app.
 */

/** One category of a module: its number of records, and whether the owner said "I don't have this". */
export const homeCategorySchema = z.object({
  key: z.string(),
  count: z.number().int().min(0),
  notApplicable: z.boolean(),
});

/**
 * A module's progress: `filled` counts categories with at least one record, `total` the categories
 * not marked "I don't have this".
 */
export const homeModuleSchema = z.object({
  module: z.enum(RECORD_MODULES),
  filled: z.number().int().min(0),
  total: z.number().int().min(0),
  categories: z.array(homeCategorySchema),
});
export type HomeModule = z.infer<typeof homeModuleSchema>;

/** The kinds of next step the server suggests, each opening its own form. */
export const NEXT_STEP_KINDS = [
  "personalDetails",
  "category",
  "emergencyContact",
  "nominee",
  "binder",
] as const;
export type NextStepKind = (typeof NEXT_STEP_KINDS)[number];

/**
 * One suggested step: a category's add form names its module and category; the personal details
 * and the emergency contact are the owner's own person's form, which `personId` names.
 */
export const nextStepSchema = z.object({
  kind: z.enum(NEXT_STEP_KINDS),
  module: z.enum(RECORD_MODULES).optional(),
  category: z.string().optional(),
  personId: z.string().optional(),
});
export type NextStep = z.infer<typeof nextStepSchema>;

export const homeSchema = z.object({
  modules: z.array(homeModuleSchema),
  /** The most useful next steps for this file, the most useful first. */
  next: z.array(nextStepSchema),
  reminders: z.array(reminderSchema),
  /**
   * The owner's nominees: all of them, those who accepted (or went further), those released; null
   * in a collaborator's home (the owner's sharing is the owner's own).
   */
  nominees: z
    .object({ total: z.number().int(), accepted: z.number().int(), released: z.number().int() })
    .nullable(),
  /** When the owner last made a binder of their file (epoch ms), null when never; null in a collaborator's home. */
  binder: z.object({ lastMadeAt: z.number().nullable() }).nullable(),
});
export type Home = z.infer<typeof homeSchema>;

/** PUT/DELETE /api/home/not-applicable/{module}/{category}: a declared category of its module. */
export const notApplicableParamsSchema = z.object({
  module: z.enum(RECORD_MODULES, { error: "errors:fields.invalid_choice" }),
  category: z.string().max(64).refine(isCategoryKey, { error: "errors:fields.invalid_choice" }),
});
