import type { FastifyInstance } from "fastify";
import { sharedWithMeApi } from "../../../domain/api/sharedWithMe.ts";
import { sharedWithMeTypes } from "../../../domain/api/sharedWithMe.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import { registerOperation } from "../../http/operations.ts";
import type { NomineeService } from "./nominee-service.ts";

/**
 * Shared with me: any signed-in account (nominees need no subscription) sees who names it and
 * answers; each action answers the SharedWithMeView of domain/schemas/share.ts.
 */
export async function nomineeRoutes(
  app: FastifyInstance,
  options: { nominee: NomineeService },
): Promise<void> {
  const service = options.nominee;
  registerOperation(app, sharedWithMeApi.list, sharedWithMeTypes.list, async (request) =>
    service.sharedWithMe(actorOf(request).userId),
  );

  const actions = {
    accept: service.accept,
    decline: service.declineInvitation,
    request: service.request,
  };
  for (const [name, act] of Object.entries(actions) as [keyof typeof actions, (typeof actions)["accept"]][]) {
    registerOperation(app, sharedWithMeApi[name], sharedWithMeTypes[name], async (request) =>
      act(actorOf(request).userId, request.params.id),
    );
  }
}
