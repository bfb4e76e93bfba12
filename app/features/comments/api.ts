import type { Comment, CommentSubjectKind } from "../../../domain/schemas/comment.ts";
import { apiFetch } from "../../api/client.ts";

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

/** Comments at `listPath` (GET, POST) and `${itemPath}/{id}` (PUT, DELETE). */
function commentSource(key: readonly unknown[], listPath: string, itemPath: string): CommentSource {
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
export function subjectComments(kind: CommentSubjectKind, subjectId: string): CommentSource {
  return commentSource(
    ["comments", kind, subjectId],
    `/api/comments/${kind}/${encodeURIComponent(subjectId)}`,
    "/api/comments",
  );
}

/** Platform admins' comments on an account. */
export function accountComments(userId: string): CommentSource {
  return commentSource(
    ["admin", "comments", userId],
    `/api/admin/users/${encodeURIComponent(userId)}/comments`,
    "/api/admin/comments",
  );
}
