import { z } from "zod";
import { RECORD_MODULES } from "../sections/modules.ts";
import type { RecordBody } from "../sections/schema.ts";
import { changedBySchema } from "./changedBy.ts";

/*
 * The shapes the records API answers (GET /api/records/{module}/{category}[/{id}], and the same
 * through a nominee's shared routes), declared once for the server and the app.
 */

/** A record's fields as answered: each category's own, so only their names are declared here. */
const answeredBodySchema = z.record(z.string(), z.unknown()) as unknown as z.ZodType<RecordBody, RecordBody>;

/** One row of a category's list: its declared list columns only, secrets masked. */
export const recordListItemSchema = z.object({
  id: z.string(),
  category: z.string(),
  /** Epoch ms. */
  createTime: z.number(),
  updateTime: z.number(),
  /** listColumn key -> value; references as { id, name } (lists of them for personRefs); secrets as MASK. */
  columns: z.record(z.string(), z.unknown()),
});
export type RecordListItem = z.infer<typeof recordListItemSchema>;

/** One record as its owner's form reads it. */
export const recordViewSchema = z.object({
  id: z.string(),
  module: z.enum(RECORD_MODULES),
  category: z.string(),
  createTime: z.number(),
  updateTime: z.number(),
  /** Every field; secrets holding a value are MASK unless revealed; references to deleted rows dropped. */
  body: answeredBodySchema,
  /** The secret fields answered as MASK: revealable with ?reveal=. */
  maskedFields: z.array(z.string()),
  /** Raised by every save; the ETag answers it and a save names it in If-Match. */
  version: z.number().int(),
  /** Who saved it last, on the file's own routes. */
  changedBy: changedBySchema.optional(),
});
export type RecordView = z.infer<typeof recordViewSchema>;

/** Why a secret is asked for in clear: to show it, or to copy it (logged as such). */
export const SECRET_PURPOSES = ["reveal", "copy"] as const;
export type SecretPurpose = (typeof SECRET_PURPOSES)[number];

/**
 * ?reveal=field1,field2: the secret fields to answer in clear, each logged as a reveal, or as a
 * copy with &purpose=copy.
 */
export const recordRevealQuerySchema = z.object({
  purpose: z.enum(SECRET_PURPOSES).default("reveal"),
  reveal: z
    .string()
    .max(1024)
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? "")
          .split(",")
          .map((key) => key.trim())
          .filter((key) => key !== ""),
      ),
    ]),
});
export type RevealQuery = z.input<typeof recordRevealQuerySchema>;
