import { z } from "zod";
import type { RecordModule } from "../sections/modules.ts";
import type { RecordBody } from "../sections/schema.ts";

/*
 * The shapes the records API answers (GET /api/records/{module}/{category}[/{id}], and the same
 * through a nominee's shared routes), declared once for the server and the app.
 */

/** One row of a category's list: its declared list columns only, secrets masked. */
export type RecordListItem = {
  id: string;
  category: string;
  /** Epoch ms. */
  createTime: number;
  updateTime: number;
  /** listColumn key -> value; references as { id, name } (lists of them for personRefs); secrets as MASK. */
  columns: Record<string, unknown>;
};

/** One record as its owner's form reads it. */
export type RecordView = {
  id: string;
  module: RecordModule;
  category: string;
  createTime: number;
  updateTime: number;
  /** Every field; secrets holding a value are MASK unless revealed; references to deleted rows dropped. */
  body: RecordBody;
  /** The secret fields answered as MASK: revealable with ?reveal=. */
  maskedFields: string[];
};

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
