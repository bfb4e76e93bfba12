import { z } from "zod";
import { LIMITS } from "../../../domain/limits.ts";

export const COMMENT_SUBJECT_KINDS = ["record", "person"] as const;

/** The spec's comment text: required (Save is inactive when empty), at most 2048 characters. */
export const commentBody = z.object({
  notes: z.string().trim().min(1).max(LIMITS.longTextMax),
});

export const subjectParams = z.object({
  subjectKind: z.enum(COMMENT_SUBJECT_KINDS),
  subjectId: z.string().max(64),
});

export const commentIdParams = z.object({ id: z.string().max(64) });

export type CommentInput = z.infer<typeof commentBody>;
