import type { FastifyInstance } from "fastify";
import { collaboratorsApi } from "../../../domain/api/collaborators.ts";
import { collaboratorsTypes } from "../../../domain/api/collaborators.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import { perAccountRateLimit } from "../../http/rate-limit-store.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import { collaboratorMails } from "./mails.ts";
import { collaboratorRepository } from "./repository.ts";
import { createCollaboratorService } from "./service.ts";

/**
 * Each invitation sends a mail to an address the owner types: an account sends at most this many
 * within the window (counted in the database like every limit), so Kinfile is no one's mailer.
 */
export const INVITATION_RATE_LIMIT = { max: 20, windowMs: 3_600_000 } as const;

/** Account deletion ends every collaboration the account gave, held or was invited to. */
export const forgetCollaborators: AccountDeletedHook = async (userId, trx) => {
  const collaborators = collaboratorRepository(trx);
  const account = await collaborators.account(userId);
  await collaborators.deleteAllFor(userId, account?.email.toLowerCase() ?? null);
};

/** The owner's collaborators and the invitee's side, from their contracts (domain/api/collaborators.ts). */
export async function collaboratorRoutes(
  app: FastifyInstance,
  options: { database: Database; mail: MailOutbox; publicUrl: string; clock: () => number },
): Promise<void> {
  const service = createCollaboratorService({
    db: options.database.db,
    mails: collaboratorMails({ outbox: options.mail, publicUrl: options.publicUrl }),
    clock: options.clock,
  });
  const api = collaboratorsApi;
  const types = collaboratorsTypes;

  registerOperation(
    app,
    api.invite,
    types.invite,
    async (request, reply) =>
      reply.code(201).send(await service.invite(actorOf(request).userId, request.body)),
    { config: { rateLimit: perAccountRateLimit(INVITATION_RATE_LIMIT) } },
  );
  registerOperation(app, api.list, types.list, (request) => service.list(actorOf(request).userId));
  registerOperation(app, api.update, types.update, (request) =>
    service.update(actorOf(request).userId, request.params.id, request.body),
  );
  registerOperation(app, api.end, types.end, async (request, reply) => {
    await service.end(actorOf(request).userId, request.params.id);
    return reply.code(204).send();
  });
  registerOperation(app, api.collaborating, types.collaborating, (request) =>
    service.collaborating(actorOf(request).userId),
  );
  registerOperation(app, api.accept, types.accept, (request) =>
    service.accept(actorOf(request).userId, request.params.id),
  );
  registerOperation(app, api.decline, types.decline, (request) =>
    service.decline(actorOf(request).userId, request.params.id),
  );
}
