import type { FastifyInstance } from "fastify";
import { binderApi } from "../../../domain/api/binder.ts";
import { binderTypes } from "../../../domain/api/binder.types.ts";
import type { FreshPassword } from "../../auth/fresh-password.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileScopes } from "../../file/scope-coverage.ts";
import { registerOperation } from "../../http/operations.ts";
import { requestLanguage } from "../../i18n/request-language.ts";
import {
  type BinderMaker,
  binderRateLimit,
  logBinderMade,
  ownerNameOf,
  passwordAskedAgain,
  sendBinder,
} from "../binder/index.ts";
import { opensModule, scopeShows } from "./file-scope.ts";

/**
 * GET /api/files/{ownerId}/binder: a collaborator's emergency binder of the owner's file, what
 * their scope shows (`scopeShows`: what it covers, as a nominee's binder) or one module of it. Secrets
 * come in clear only when the scope holds them (else 404, as every reveal of theirs) and the
 * collaborator's own password was just given again, as the owner's binder asks. Logged in the
 * owner's activity log as a download by the collaborator.
 */
export function collaboratorBinderRoute(
  app: FastifyInstance,
  options: {
    database: Database;
    maker: BinderMaker;
    freshPassword: FreshPassword | undefined;
    scopes: FileScopes;
    clock: () => number;
  },
): void {
  const { db } = options.database;
  registerOperation(
    app,
    binderApi.owner,
    binderTypes.owner,
    async (request, reply) => {
      const owner = request.fileOwner;
      if (owner === null || request.actor === null) throw new AppError("not_found");
      const { scope } = owner;
      const { module, secrets, files } = request.query;
      if (module !== undefined && !opensModule(scope, module)) throw new AppError("not_found");
      if (secrets) await passwordAskedAgain(options.freshPassword, request);
      const file = await options.maker.make({
        ownerId: owner.userId,
        ownerName: await ownerNameOf(db, owner.userId),
        binder: module === undefined ? { kind: "collaborator" } : { kind: "module", module },
        secrets,
        appendFiles: files,
        include: await scopeShows(options.scopes, { ownerId: owner.userId, scope }),
        language: requestLanguage(request),
      });
      await logBinderMade(
        db,
        { ownerId: owner.userId, actorId: request.actor.userId, module, secrets },
        options.clock(),
      );
      return sendBinder(reply, file);
    },
    { config: { rateLimit: binderRateLimit() } },
  );
}
