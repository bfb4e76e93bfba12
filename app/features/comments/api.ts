import { adminApi } from "../../../domain/api/admin.ts";
import { commentsApi } from "../../../domain/api/comments.ts";
import type { Comment, CommentSubjectKind } from "../../../domain/schemas/comment.ts";
import { callApi } from "../../api/client.ts";

export type { Comment };

/**
 * Where a comments panel reads and writes: one subject's list and new comments, and a comment's
 * edit and delete. An owner's records and persons have theirs; admins have theirs on accounts.
 */
export type CommentSource = {
  /** The query key of the subject's list. */
  key: readonly unknown[];
  list(): Promise<Comment[]>;
  add(notes: string): Promise<Comment>;
  update(id: string, notes: string): Promise<Comment>;
  remove(id: string): Promise<void>;
};

/** An owner's comments on one of their records or persons. */
export function subjectComments(subjectKind: CommentSubjectKind, subjectId: string): CommentSource {
  const params = { subjectKind, subjectId };
  return {
    key: ["comments", subjectKind, subjectId],
    list: () => callApi(commentsApi.list, { params }),
    add: (notes) => callApi(commentsApi.create, { params, body: { notes } }),
    update: (id, notes) => callApi(commentsApi.update, { params: { id }, body: { notes } }),
    remove: async (id) => {
      await callApi(commentsApi.remove, { params: { id } });
    },
  };
}

/** Platform admins' comments on an account. */
export function accountComments(userId: string): CommentSource {
  const params = { id: userId };
  return {
    key: ["admin", "comments", userId],
    list: () => callApi(adminApi.userComments, { params }),
    add: (notes) => callApi(adminApi.addUserComment, { params, body: { notes } }),
    update: (id, notes) => callApi(adminApi.updateComment, { params: { id }, body: { notes } }),
    remove: async (id) => {
      await callApi(adminApi.deleteComment, { params: { id } });
    },
  };
}
