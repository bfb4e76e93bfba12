import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { collaboratorInviteSchema, collaboratorUpdateSchema } from "../../../domain/schemas/collaborator.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { AccountDeletedHook } from "../account/account-deletion.ts";
import { collaboratorMails } from "./mails.ts";
import { collaboratorRepository } from "./repository.ts";
import { createCollaboratorService } from "./service.ts";

const idParams = z.object({ id: z.string().max(64) });

/** Account deletion ends every collaboration the account gave, held or was invited to. */
export const forgetCollaborators: AccountDeletedHook = async (userId, trx) => {
  const collaborators = collaboratorRepository(trx);
  const account = await collaborators.account(userId);
  await collaborators.deleteAllFor(userId, account?.email.toLowerCase() ?? null);
};

/**
 * The owner's collaborators (`/api/collaborators`, the full file's holders) and the invitee's side
 * (`/api/collaborating`, any signed-in account: a collaborator needs no subscription of their own).
 */
export async function collaboratorRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    mail: MailOutbox;
    publicUrl: string;
    clock: () => number;
  },
): Promise<void> {
  const service = createCollaboratorService({
    db: options.database.db,
    mails: collaboratorMails({ outbox: options.mail, publicUrl: options.publicUrl }),
    clock: options.clock,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const owner = { access: "subscriber" as const };
  const user = { access: "user" as const };

  api.post(
    "/api/collaborators",
    { config: owner, schema: { body: collaboratorInviteSchema } },
    async (request, reply) =>
      reply.code(201).send(await service.invite(actorOf(request).userId, request.body)),
  );
  api.get("/api/collaborators", { config: owner }, (request) => service.list(actorOf(request).userId));
  api.put(
    "/api/collaborators/:id",
    { config: owner, schema: { params: idParams, body: collaboratorUpdateSchema } },
    (request) => service.update(actorOf(request).userId, request.params.id, request.body),
  );
  api.delete(
    "/api/collaborators/:id",
    { config: owner, schema: { params: idParams } },
    async (request, reply) => {
      await service.end(actorOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  api.get("/api/collaborating", { config: user }, (request) =>
    service.collaborating(actorOf(request).userId),
  );
  api.post("/api/collaborating/:id/accept", { config: user, schema: { params: idParams } }, (request) =>
    service.accept(actorOf(request).userId, request.params.id),
  );
  api.post("/api/collaborating/:id/decline", { config: user, schema: { params: idParams } }, (request) =>
    service.decline(actorOf(request).userId, request.params.id),
  );
}
