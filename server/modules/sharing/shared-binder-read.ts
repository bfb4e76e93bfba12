import type { FastifyInstance } from "fastify";
import { binderApi } from "../../../domain/api/binder.ts";
import { binderTypes } from "../../../domain/api/binder.types.ts";
import { registerOperation } from "../../http/operations.ts";
import { requestLanguage } from "../../i18n/request-language.ts";
import type { BinderMaker } from "../binder/index.ts";
import { binderRateLimit, ownerNameOf, sendBinder } from "../binder/index.ts";
import type { SharedReads } from "./shared-read-context.ts";
import { scopeInclude } from "./shared-scope.ts";

/**
 * GET /api/shared/nominee/{nomineeId}/binder: a released nominee's emergency binder, exactly what
 * the grant shows (scopeInclude: the same rules as every shared read), secrets masked; 404 like
 * every shared read before release, after it ends, or for anyone else. Logged as a download.
 */
export function sharedBinderRoutes(app: FastifyInstance, reads: SharedReads, maker: BinderMaker): void {
  registerOperation(
    app,
    binderApi.nominee,
    binderTypes.nominee,
    async (request, reply) => {
      const grant = await reads.grantOf(request, request.params.nomineeId);
      const file = await maker.make({
        ownerId: grant.ownerId,
        ownerName: await ownerNameOf(reads.db, grant.ownerId),
        binder: { kind: "nominee" },
        secrets: false,
        appendFiles: request.query.files,
        include: await scopeInclude(reads.scopes, grant),
        language: requestLanguage(request),
      });
      await reads.log(grant, [{ kind: "download", subjectKind: "binder", subjectId: grant.nominee.id }]);
      return sendBinder(reply, file);
    },
    { config: { rateLimit: binderRateLimit() } },
  );
}
