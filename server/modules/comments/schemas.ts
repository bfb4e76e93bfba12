import { z } from "zod";
import { COMMENT_SUBJECT_KINDS, commentBodySchema } from "../../../domain/schemas/comment.ts";

/** The spec's comment text (domain/schemas/comment.ts). */
export const commentBody = commentBodySchema;

export const subjectParams = z.object({
  subjectKind: z.enum(COMMENT_SUBJECT_KINDS),
  subjectId: z.string().max(64),
});

export const commentIdParams = z.object({ id: z.string().max(64) });
