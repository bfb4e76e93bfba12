import { z } from "zod";
import { withoutBidiControls } from "../bidi.ts";
import { LIMITS } from "../limits.ts";

/** What an owner's comments are on; an account's (admins') have their own calls. */
export const COMMENT_SUBJECT_KINDS = ["record", "person"] as const;
export type CommentSubjectKind = (typeof COMMENT_SUBJECT_KINDS)[number];

/**
 * The spec's Comment, on a record or person (its owner's) and on an account (platform admins'):
 * ownerId is the author, who alone may edit or delete it; times in epoch SECONDS.
 */
export type Comment = {
  id: string;
  notes: string;
  ownerId: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  createTime: number;
  lastUpdateDate: number | null;
};

/** The comment text: required (Save is inactive when empty), at most 2048 characters. */
export const commentBodySchema = z.object({
  notes: z.string().overwrite(withoutBidiControls).trim().min(1).max(LIMITS.longTextMax),
});
