import type { Kysely } from "kysely";
import type { CommentSubjectKind } from "../../../domain/schemas/comment.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { CommentTable, DB } from "../../db/schema.ts";
import { notesAad } from "./reader.ts";
import { commentRepository } from "./repository.ts";

/** A comment as an import restores it: its new id and subject's, written by the importing owner. */
export type RestoredComment = {
  id: string;
  subjectKind: CommentSubjectKind;
  subjectId: string;
  notes: string;
  createTime: number;
  updateTime: number;
};

/** The comments module's public face for an import: notes sealed before the transaction, inserted in it. */
export async function restoredCommentRows(
  dataKeys: DataKeys,
  ownerId: string,
  comments: readonly RestoredComment[],
): Promise<CommentTable[]> {
  const rows: CommentTable[] = [];
  for (const comment of comments) {
    rows.push({
      id: comment.id,
      owner_id: ownerId,
      author_id: ownerId,
      subject_kind: comment.subjectKind,
      subject_id: comment.subjectId,
      notes_enc: await dataKeys.encryptFor(ownerId, comment.notes, notesAad(comment.id)),
      created_at: comment.createTime,
      updated_at: comment.updateTime,
    });
  }
  return rows;
}

export async function insertCommentRows(trx: Kysely<DB>, rows: readonly CommentTable[]): Promise<void> {
  const comments = commentRepository(trx);
  for (const row of rows) await comments.insert(row);
}
