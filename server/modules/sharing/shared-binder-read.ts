import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requestLanguage } from "../../i18n/request-language.ts";
import type { BinderMaker } from "../binder/index.ts";
import { binderRateLimit, nomineeBinderQuery, ownerNameOf, sendBinder } from "../binder/index.ts";
import { nomineeParams, type SharedReads } from "./shared-read-context.ts";
import { grantInclude } from "./shared-scope.ts";

/**
 * GET /api/shared/nominee/{nomineeId}/binder: a released nominee's emergency binder, exactly what
 * the grant shows (grantInclude: the same rules as every shared read), secrets masked; 404 like
 * every shared read before release, after it ends, or for anyone else. Logged as a download.
 */
export function sharedBinderRoutes(app: FastifyInstance, reads: SharedReads, maker: BinderMaker): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/shared/nominee/:nomineeId/binder",
    {
      config: { access: "nominee", rateLimit: binderRateLimit() },
      schema: { params: nomineeParams, querystring: nomineeBinderQuery },
    },
    async (request, reply) => {
      const grant = await reads.grantOf(request, request.params.nomineeId);
      const file = await maker.make({
        ownerId: grant.ownerId,
        ownerName: await ownerNameOf(reads.db, grant.ownerId),
        binder: { kind: "nominee" },
        secrets: false,
        appendFiles: request.query.files,
        include: await grantInclude(reads.scope, grant),
        language: requestLanguage(request),
      });
      await reads.log(grant, [{ kind: "download", subjectKind: "binder", subjectId: grant.nominee.id }]);
      return sendBinder(reply, file);
    },
  );
}
