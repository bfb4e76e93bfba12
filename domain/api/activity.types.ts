import { z } from "zod";

const ACTIVITY_KINDS = ["reveal", "copy", "view", "download", "export", "save", "delete"] as const;

export const activityTypes = {
  list: {
    query: z.object({
      page: z.coerce.number().int().min(0).max(10_000).default(0),
      size: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          kind: z.enum(ACTIVITY_KINDS),
          actorId: z.string(),
          /** Who did it, by their account's name; null once that account is gone. */
          actorName: z.string().nullable(),
          subjectKind: z.string(),
          subjectId: z.string(),
          category: z.string().nullable(),
          field: z.string().nullable(),
          /** Epoch ms. */
          createTime: z.number(),
        }),
      ),
      page: z.number(),
      size: z.number(),
      total: z.number(),
    }),
  },
};
