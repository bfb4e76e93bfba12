import type { Kysely } from "kysely";
import type { CommentSubjectKind, DB } from "../../db/schema.ts";
import { commentRepository } from "./repository.ts";

/**
 * The comments module's public face for the modules whose rows carry comments (records, persons):
 * a subject's comments go with it, in the caller's transaction.
 */
export function deleteCommentsOf(
  db: Kysely<DB>,
  ownerId: string,
  subjectKind: CommentSubjectKind,
  subjectId: string,
): Promise<void> {
  return commentRepository(db).deleteOfSubject(ownerId, subjectKind, subjectId);
}
