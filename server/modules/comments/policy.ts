import type { Actor } from "../../auth/access.ts";
import { requireFullFile } from "../../auth/permissions.ts";
import type { CommentSubjectKind, CommentTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * Comments follow their subject: a record's need what records need (a subscription or a company
 * account), a person's only a signed-in owner. The subject must be the caller's (the service looks
 * it up by owner). Only a comment's author edits or deletes it (spec section 6): today the author is
 * always the file's owner; when nominees may comment, the owner will see their comments and get 403
 * on editing them.
 */
export function authorizeSubject(actor: Actor, subjectKind: CommentSubjectKind): void {
  if (subjectKind === "record") requireFullFile(actor);
}

export function authorizeAuthor(actor: Actor, comment: Pick<CommentTable, "author_id">): void {
  if (comment.author_id !== actor.userId) {
    throw new AppError("forbidden", { message: "errors:comments.author_only" });
  }
}
