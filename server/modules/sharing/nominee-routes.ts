import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../auth/ownership.ts";
import type { Lifecycle } from "./lifecycle.ts";

const idParams = z.object({ id: z.string().max(64) });

/**
 * Shared with me: any signed-in account (nominees need no subscription) sees who names it and
 * answers; each action answers the SharedWithMeView of domain/schemas/share.ts.
 */
export async function nomineeRoutes(app: FastifyInstance, options: { lifecycle: Lifecycle }): Promise<void> {
  const { lifecycle } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };

  api.get("/api/shared/with-me", { config: user }, async (request) =>
    lifecycle.sharedWithMe(actorOf(request).userId),
  );

  const actions = {
    accept: lifecycle.accept,
    decline: lifecycle.declineInvitation,
    request: lifecycle.request,
  };
  for (const [name, act] of Object.entries(actions)) {
    api.post(
      `/api/shared/nominee/:id/${name}`,
      { config: user, schema: { params: idParams } },
      async (request) => act(actorOf(request).userId, request.params.id),
    );
  }
}
