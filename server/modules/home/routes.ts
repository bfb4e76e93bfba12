import type { FastifyInstance } from "fastify";
import { homeApi } from "../../../domain/api/home.ts";
import { homeTypes } from "../../../domain/api/home.types.ts";
import { actorOf, fileAccessOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import type { ListCache } from "../records/index.ts";
import { notApplicableRepository } from "./repository.ts";
import { createHomeService } from "./service.ts";

/** An account's "I don't have this" marks go with it. */
export const forgetNotApplicable: AccountDeletedHook = (userId, trx) =>
  notApplicableRepository(trx).deleteAllOf(userId);

/**
 * GET /api/home: the file's progress per module, its next steps, reminders, nominees and binder.
 * PUT and DELETE /api/home/not-applicable/{module}/{category}: mark a category "I don't have this"
 * and undo it (204). Same access as the records: a subscriber or a company account member.
 */
export async function homeRoutes(
  app: FastifyInstance,
  options: { database: Database; dataKeys: DataKeys; listCache: ListCache; clock: () => number },
): Promise<void> {
  const service = createHomeService({
    db: options.database.db,
    dataKeys: options.dataKeys,
    listCache: options.listCache,
    clock: options.clock,
  });
  registerOperation(app, homeApi.home, homeTypes.home, async (request, reply) => {
    const home = await service.home(actorOf(request).userId, fileAccessOf(request));
    return reply.header("cache-control", "no-store").send(home);
  });

  registerOperation(app, homeApi.markNotApplicable, homeTypes.markNotApplicable, async (request, reply) => {
    const { module, category } = request.params;
    await service.markNotApplicable(actorOf(request).userId, module, category);
    return reply.code(204).send();
  });

  registerOperation(
    app,
    homeApi.unmarkNotApplicable,
    homeTypes.unmarkNotApplicable,
    async (request, reply) => {
      const { module, category } = request.params;
      await service.unmarkNotApplicable(actorOf(request).userId, module, category);
      return reply.code(204).send();
    },
  );
}
