import { z } from "zod";
import { COMMENT_SUBJECT_KINDS, type Comment, commentBodySchema } from "../schemas/comment.ts";

const subjectParams = z.object({
  subjectKind: z.enum(COMMENT_SUBJECT_KINDS),
  subjectId: z.string().max(64),
});
const commentIdParams = z.object({ id: z.string().max(64) });

/** A comment as answered, checked against its declared type. */
export const commentSchema: z.ZodType<Comment, Comment> = z.object({
  id: z.string(),
  notes: z.string(),
  ownerId: z.string(),
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  createTime: z.number(),
  lastUpdateDate: z.number().nullable(),
});

export const commentsTypes = {
  list: { params: subjectParams, response: z.array(commentSchema) },
  create: { params: subjectParams, body: commentBodySchema, response: commentSchema },
  /** Only the author may change or delete a comment. */
  update: { params: commentIdParams, body: commentBodySchema, response: commentSchema },
  remove: { params: commentIdParams, response: z.null() },
};
