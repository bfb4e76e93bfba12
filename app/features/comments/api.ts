import type { Comment } from "../../../domain/schemas/comment.ts";
import { apiFetch } from "../../api/client.ts";

export type CommentSubjectKind = "record" | "person";

export type { Comment };

function subjectPath(kind: CommentSubjectKind, subjectId: string): string {
  return `/api/comments/${kind}/${encodeURIComponent(subjectId)}`;
}

export function listComments(kind: CommentSubjectKind, subjectId: string): Promise<Comment[]> {
  return apiFetch<Comment[]>(subjectPath(kind, subjectId));
}

export function addComment(kind: CommentSubjectKind, subjectId: string, notes: string): Promise<Comment> {
  return apiFetch<Comment>(subjectPath(kind, subjectId), { method: "POST", body: JSON.stringify({ notes }) });
}

export function updateComment(id: string, notes: string): Promise<Comment> {
  return apiFetch<Comment>(`/api/comments/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: JSON.stringify({ notes }),
  });
}

export function deleteComment(id: string): Promise<void> {
  return apiFetch<void>(`/api/comments/${encodeURIComponent(id)}`, { method: "DELETE" });
}
