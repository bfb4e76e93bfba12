import type { Kysely } from "kysely";
import type { CommentSubjectKind } from "../../../domain/schemas/comment.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { commentRepository } from "./repository.ts";

/** Notes may hold what the record does: encrypted with the file owner's data key, bound to the comment. */
export function notesAad(id: string): string {
  return `comment.notes:${id}`;
}

/** A comment of the owner's file with its notes in clear; times in epoch ms. */
export type OpenedComment = {
  id: string;
  authorId: string;
  subjectKind: CommentSubjectKind;
  subjectId: string;
  notes: string;
  createTime: number;
  updateTime: number;
};

/** The comments module's public face for reading the owner's whole file (server/modules/portability). */
export function commentReader(db: Kysely<DB>, dataKeys: DataKeys) {
  const comments = commentRepository(db);
  return {
    /** What one of the owner's comments is on, if it is theirs. */
    async subjectOf(ownerId: string, id: string) {
      const row = await comments.find(ownerId, id);
      return row === undefined ? undefined : { kind: row.subject_kind, id: row.subject_id };
    },

    /** Every comment of the owner's file, oldest first, its notes opened. */
    async listAll(ownerId: string): Promise<OpenedComment[]> {
      const rows = await comments.list(ownerId);
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          authorId: row.author_id,
          subjectKind: row.subject_kind,
          subjectId: row.subject_id,
          notes: (await dataKeys.decryptFor(ownerId, row.notes_enc, notesAad(row.id))).toString("utf8"),
          createTime: Number(row.created_at),
          updateTime: Number(row.updated_at),
        })),
      );
    },
  };
}
