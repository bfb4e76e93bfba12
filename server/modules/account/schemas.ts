import { z } from "zod";
import { LANGUAGES } from "../../../domain/catalog/languages.ts";
import { ACCENTS, THEME_MODES } from "../../../domain/catalog/themes.ts";
import { LIMITS } from "../../../domain/limits.ts";

/** The app may send the whole account back; only these fields can change here. */
export const saveAccountBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.textMax).optional(),
  lang: z.enum(LANGUAGES).optional(),
  themeColor: z.enum(ACCENTS).optional(),
  themeMode: z.enum(THEME_MODES).optional(),
});

export const accountQuery = z.object({ login: z.string().optional() });

export const splashQuery = z.object({
  show: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const eventsQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** The word the app asks the user to type, in either language the app speaks. */
export const DELETE_CONFIRMATION_WORDS = ["DELETE", "SUPPRIMER"] as const;

export const deleteAccountBody = z.object({
  password: z.string().max(256).optional(),
  confirmation: z.string().max(64),
});

export type SaveAccountBody = z.infer<typeof saveAccountBody>;

/** POST /api/account/confirm-password: the account password, asked again before handing out secrets. */
export const confirmPasswordBody = z.object({ password: z.string().max(256) });
