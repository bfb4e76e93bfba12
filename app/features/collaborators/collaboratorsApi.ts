import { useQuery } from "@tanstack/react-query";
import { collaboratorsApi } from "../../../domain/api/collaborators.ts";
import type { BodyOf } from "../../../domain/api/contract.ts";
import type { CollaboratingView, CollaboratorView } from "../../../domain/schemas/collaborator.ts";
import { callApi } from "../../api/client.ts";

/** Every key starts with "collaborators": invalidating `all` after a change refreshes every list. */
export const collaboratorQueryKeys = {
  all: ["collaborators"] as const,
  mine: () => ["collaborators", "mine"] as const,
  helping: () => ["collaborators", "helping"] as const,
};

/** The owner's collaborators. */
export function useCollaborators(enabled = true) {
  return useQuery({
    queryKey: collaboratorQueryKeys.mine(),
    queryFn: () => callApi(collaboratorsApi.list),
    enabled,
  });
}

/**
 * POST invites, PUT changes scope and rights. The form has checked its plain strings with the
 * same schemas the server validates them with.
 */
export function saveCollaborator(id: string | undefined, body: unknown): Promise<CollaboratorView> {
  return id === undefined
    ? callApi(collaboratorsApi.invite, { body: body as BodyOf<typeof collaboratorsApi.invite> })
    : callApi(collaboratorsApi.update, {
        params: { id },
        body: body as BodyOf<typeof collaboratorsApi.update>,
      });
}

export async function endCollaborator(id: string): Promise<void> {
  await callApi(collaboratorsApi.end, { params: { id } });
}

/** The files the signed-in account helps with, and invitations to its verified address. */
export function useCollaborating() {
  return useQuery({
    queryKey: collaboratorQueryKeys.helping(),
    queryFn: () => callApi(collaboratorsApi.collaborating),
  });
}

export function answerInvitation(id: string, answer: "accept" | "decline"): Promise<CollaboratingView> {
  return callApi(answer === "accept" ? collaboratorsApi.accept : collaboratorsApi.decline, {
    params: { id },
  });
}
