import { z } from "zod";

/**
 * Who saved a row last, as the file's own routes answer it (a record, a person, an address, a
 * company): the account's id and name; null when not known (saved before it was kept, or by an
 * account since deleted).
 */
export const changedBySchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type ChangedBy = z.infer<typeof changedBySchema>;

/**
 * The last save of an address or a company, answered beside the spec's fields on the file's own
 * routes only (a nominee's reads leave it out).
 */
export const lastChangeShape = {
  /** Epoch ms. */
  updateTime: z.number().optional(),
  changedBy: changedBySchema.optional(),
};
