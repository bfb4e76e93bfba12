import type { FastifyInstance } from "fastify";
import { nomineesApi } from "../../../domain/api/nominees.ts";
import { nomineesTypes } from "../../../domain/api/nominees.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import { registerOperation } from "../../http/operations.ts";
import { SIGN_MAX_LENGTH } from "./approval-links.ts";
import type { OwnerService } from "./owner-service.ts";

/** The sign value of the approval link, sent by the /accepted-share-request page as the bearer. */
function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] !== undefined && match[1].length <= SIGN_MAX_LENGTH ? match[1] : null;
}

/**
 * Shared by me: the owner's nominees (subscriber or b2b), each answering the NomineeView of
 * domain/schemas/share.ts; another owner's nominee is 404. And the signed approval link.
 */
export async function ownerRoutes(app: FastifyInstance, options: { owner: OwnerService }): Promise<void> {
  const service = options.owner;

  registerOperation(app, nomineesApi.create, nomineesTypes.create, async (request, reply) => {
    const id = await service.create(actorOf(request).userId, request.body);
    // The id itself, as a JSON string, like the other create calls of the spec.
    return reply.type("application/json; charset=utf-8").send(JSON.stringify(id));
  });

  registerOperation(app, nomineesApi.list, nomineesTypes.list, async (request) =>
    service.list(actorOf(request).userId),
  );

  registerOperation(app, nomineesApi.read, nomineesTypes.read, async (request) =>
    service.get(actorOf(request).userId, request.params.id),
  );

  registerOperation(app, nomineesApi.update, nomineesTypes.update, async (request) =>
    service.update(actorOf(request).userId, request.params.id, request.body),
  );

  registerOperation(app, nomineesApi.remove, nomineesTypes.remove, async (request, reply) => {
    await service.remove(actorOf(request).userId, request.params.id);
    return reply.code(204).send();
  });

  const actions = {
    resend: service.resend,
    cancel: service.cancel,
    revoke: service.revoke,
    grant: service.grant,
    approve: service.approve,
    decline: service.decline,
  };
  for (const [name, act] of Object.entries(actions) as [keyof typeof actions, (typeof actions)["resend"]][]) {
    registerOperation(app, nomineesApi[name], nomineesTypes[name], async (request) =>
      act(actorOf(request).userId, request.params.id),
    );
  }

  registerOperation(app, nomineesApi.log, nomineesTypes.log, async (request) =>
    service.log(actorOf(request).userId, request.params.id),
  );

  /**
   * What the mail's link is about (who asks, for what, when), read only: the /accepted-share-request
   * page shows it and asks the owner to confirm, so a scanner or preview that opens the link (and
   * runs its script) answers nothing. Same checks and refusals as the answer below.
   */
  registerOperation(app, nomineesApi.previewByLink, nomineesTypes.previewByLink, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return service.previewByLink(request.params.nomineeId, bearerOf(request.headers.authorization));
  });

  /**
   * The owner's answer from the mail's link, posted by the page's button once confirmed, with the
   * sign value as the bearer: true when access was released, false when declined. Access is
   * "anonymous" with the check here rather than "signedLink", because a refused link must answer
   * 400 invalid_signature (the page's Oops message), not the access rule's 401.
   */
  registerOperation(app, nomineesApi.answerByLink, nomineesTypes.answerByLink, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { nomineeId, approve } = request.params;
    return service.answerByLink(nomineeId, approve === "true", bearerOf(request.headers.authorization));
  });
}
