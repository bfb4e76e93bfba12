import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../auth/ownership.ts";
import type { NomineeService } from "./nominee-service.ts";

const idParams = z.object({ id: z.string().max(64) });

/**
 * Shared with me: any signed-in account (nominees need no subscription) sees who names it and
 * answers; each action answers the SharedWithMeView of domain/schemas/share.ts.
 */
export async function nomineeRoutes(
  app: FastifyInstance,
  options: { nominee: NomineeService },
): Promise<void> {
  const service = options.nominee;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };

  api.get("/api/shared/with-me", { config: user }, async (request) =>
    service.sharedWithMe(actorOf(request).userId),
  );

  const actions = {
    accept: service.accept,
    decline: service.declineInvitation,
    request: service.request,
  };
  for (const [name, act] of Object.entries(actions)) {
    api.post(
      `/api/shared/nominee/:id/${name}`,
      { config: user, schema: { params: idParams } },
      async (request) => act(actorOf(request).userId, request.params.id),
    );
  }
}
