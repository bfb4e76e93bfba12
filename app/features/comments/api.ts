import { commentsApi } from "../../../domain/api/comments.ts";
import type { Comment, CommentSubjectKind } from "../../../domain/schemas/comment.ts";
import { apiFetch, callApi } from "../../api/client.ts";

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

/** Platform admins' comments on an account, at `listPath` (GET, POST) and `${itemPath}/{id}` (PUT, DELETE). */
function adminCommentSource(key: readonly unknown[], listPath: string, itemPath: string): CommentSource {
  const item = (id: string) => `${itemPath}/${encodeURIComponent(id)}`;
  return {
    key,
    list: () => apiFetch<Comment[]>(listPath),
    add: (notes) => apiFetch<Comment>(listPath, { method: "POST", body: JSON.stringify({ notes }) }),
    update: (id, notes) => apiFetch<Comment>(item(id), { method: "PUT", body: JSON.stringify({ notes }) }),
    remove: (id) => apiFetch<void>(item(id), { method: "DELETE" }),
  };
}

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
  return adminCommentSource(
    ["admin", "comments", userId],
    `/api/admin/users/${encodeURIComponent(userId)}/comments`,
    "/api/admin/comments",
  );
}
