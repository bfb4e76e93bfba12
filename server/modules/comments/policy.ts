import type { Actor } from "../../auth/access.ts";
import { actingUserOf } from "../../auth/ownership.ts";
import { requireFullFile } from "../../auth/permissions.ts";
import type { CommentSubjectKind, CommentTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * Comments follow their subject: a record's need what records need (a subscription or a company
 * account), a person's only a signed-in owner. The subject must be the caller's (the service looks
 * it up by owner). Only a comment's author edits or deletes it (spec section 6): the file's owner or a
 * collaborator working in the file; each sees the other's comments and gets 403 on editing them.
 */
export function authorizeSubject(actor: Actor, subjectKind: CommentSubjectKind): void {
  if (subjectKind === "record") requireFullFile(actor);
}

export function authorizeAuthor(actor: Actor, comment: Pick<CommentTable, "author_id">): void {
  if (comment.author_id !== actingUserOf(actor)) {
    throw new AppError("forbidden", { message: "errors:comments.author_only" });
  }
}
