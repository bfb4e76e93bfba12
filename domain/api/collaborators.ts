import type { collaboratorsTypes } from "./collaborators.types.ts";
import { defineOperations } from "./contract.ts";

/**
 * Collaborators: the owner's (the full file's holders) and the invitee's side, any signed-in
 * account, since a collaborator needs no subscription of their own.
 */
export const collaboratorsApi = defineOperations<typeof collaboratorsTypes>()({
  invite: { method: "POST", path: "/api/collaborators", access: "subscriber", status: 201 },
  list: { method: "GET", path: "/api/collaborators", access: "subscriber" },
  update: { method: "PUT", path: "/api/collaborators/:id", access: "subscriber" },
  end: { method: "DELETE", path: "/api/collaborators/:id", access: "subscriber", status: 204 },
  collaborating: { method: "GET", path: "/api/collaborating", access: "user" },
  accept: { method: "POST", path: "/api/collaborating/:id/accept", access: "user" },
  decline: { method: "POST", path: "/api/collaborating/:id/decline", access: "user" },
});
