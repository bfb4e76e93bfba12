import { useQuery } from "@tanstack/react-query";
import type { CollaboratingView, CollaboratorView } from "../../../domain/schemas/collaborator.ts";
import { apiFetch } from "../../api/client.ts";

/** Every key starts with "collaborators": invalidating `all` after a change refreshes every list. */
export const collaboratorQueryKeys = {
  all: ["collaborators"] as const,
  mine: () => ["collaborators", "mine"] as const,
  helping: () => ["collaborators", "helping"] as const,
};

const COLLABORATORS_PATH = "/api/collaborators";

function collaboratorPath(id: string): string {
  return `${COLLABORATORS_PATH}/${encodeURIComponent(id)}`;
}

/** The owner's collaborators. */
export function useCollaborators(enabled = true) {
  return useQuery({
    queryKey: collaboratorQueryKeys.mine(),
    queryFn: () => apiFetch<CollaboratorView[]>(COLLABORATORS_PATH),
    enabled,
  });
}

/** POST invites (collaboratorInviteSchema), PUT changes scope and rights (collaboratorUpdateSchema). */
export function saveCollaborator(id: string | undefined, body: unknown): Promise<CollaboratorView> {
  return apiFetch<CollaboratorView>(id === undefined ? COLLABORATORS_PATH : collaboratorPath(id), {
    method: id === undefined ? "POST" : "PUT",
    body: JSON.stringify(body),
  });
}

export async function endCollaborator(id: string): Promise<void> {
  await apiFetch(collaboratorPath(id), { method: "DELETE" });
}

/** The files the signed-in account helps with, and invitations to its verified address. */
export function useCollaborating() {
  return useQuery({
    queryKey: collaboratorQueryKeys.helping(),
    queryFn: () => apiFetch<CollaboratingView[]>("/api/collaborating"),
  });
}

export function answerInvitation(id: string, answer: "accept" | "decline"): Promise<CollaboratingView> {
  return apiFetch<CollaboratingView>(`/api/collaborating/${encodeURIComponent(id)}/${answer}`, {
    method: "POST",
  });
}
