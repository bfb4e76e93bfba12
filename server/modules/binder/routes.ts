import type { FastifyInstance, FastifyRequest } from "fastify";
import { binderApi } from "../../../domain/api/binder.ts";
import { binderTypes } from "../../../domain/api/binder.types.ts";
import type { FreshPassword } from "../../auth/fresh-password.ts";
import { actorOf } from "../../auth/ownership.ts";
import { AppError } from "../../errors/app-error.ts";
import { registerOperation } from "../../http/operations.ts";
import { perAccountRateLimit } from "../../http/rate-limit-store.ts";
import { requestLanguage } from "../../i18n/request-language.ts";
import { recordActivity } from "../activity/index.ts";
import { ownerIdentity } from "../sharing/index.ts";
import type { BinderMaker } from "./binder-maker.ts";
import { sendBinder } from "./send.ts";

/**
 * A binder takes the server a second or so of work: each account makes at most this many a
 * minute (counted in the database like every limit), the owner's and the nominee's alike.
 */
export const BINDER_RATE_LIMIT = { max: 12, windowMs: 60_000 } as const;

/** The route option that holds an account to BINDER_RATE_LIMIT. */
export function binderRateLimit() {
  return perAccountRateLimit(BINDER_RATE_LIMIT);
}

/** The owner's name as a binder's cover prints it. */
export async function ownerNameOf(db: Parameters<typeof ownerIdentity>[0], ownerId: string): Promise<string> {
  const owner = await ownerIdentity(db, ownerId);
  if (owner === null) throw new AppError("not_found");
  return [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.email;
}

/** Secrets go in a binder only after the caller's own password was just given again (403 otherwise). */
export async function passwordAskedAgain(
  freshPassword: FreshPassword | undefined,
  request: FastifyRequest,
): Promise<void> {
  if (freshPassword === undefined) throw new AppError("password_not_confirmed");
  await freshPassword.require(request);
}

/**
 * A binder made of the owner's file, in the owner's activity log: a `download` of the whole file or
 * the module, by whoever made it (the owner, or a collaborator), `secrets` when they were in it.
 */
export async function logBinderMade(
  db: Parameters<typeof recordActivity>[0],
  made: { ownerId: string; actorId: string; module: string | undefined; secrets: boolean },
  now: number,
): Promise<void> {
  await recordActivity(
    db,
    [
      {
        ownerId: made.ownerId,
        actorId: made.actorId,
        kind: "download",
        subjectKind: "binder",
        subjectId: made.module ?? "file",
        field: made.secrets ? "secrets" : null,
      },
    ],
    now,
  );
}

/**
 * GET /api/binder: the owner's emergency binder, the whole file or one module's. Secrets come in
 * clear only with `secrets=true` and a password confirmed in the last five minutes (403
 * password_not_confirmed otherwise); every binder made is written to the owner's activity log.
 */
export async function binderRoutes(
  app: FastifyInstance,
  options: {
    maker: BinderMaker;
    db: Parameters<typeof ownerIdentity>[0];
    freshPassword?: FreshPassword;
    clock?: () => number;
  },
): Promise<void> {
  const clock = options.clock ?? Date.now;
  registerOperation(
    app,
    binderApi.owner,
    binderTypes.owner,
    async (request, reply) => {
      const { userId } = actorOf(request);
      const { module, secrets, files } = request.query;
      if (secrets) await passwordAskedAgain(options.freshPassword, request);
      const file = await options.maker.make({
        ownerId: userId,
        ownerName: await ownerNameOf(options.db, userId),
        binder: module === undefined ? { kind: "whole" } : { kind: "module", module },
        secrets,
        appendFiles: files,
        language: requestLanguage(request),
      });
      await logBinderMade(options.db, { ownerId: userId, actorId: userId, module, secrets }, clock());
      return sendBinder(reply, file);
    },
    { config: { rateLimit: binderRateLimit() } },
  );
}
