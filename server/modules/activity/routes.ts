import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import { deleteActivityOf, listActivity } from "./activity-log.ts";

const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** An account's activity log goes with it. */
export const forgetActivity: AccountDeletedHook = (userId, trx) => deleteActivityOf(trx, userId);

/** GET /api/account/activity: the caller's own log, newest first, paged like /api/account/events. */
export async function activityRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/account/activity",
      { config: { access: "user" }, schema: { querystring: pageQuery } },
      async (request) => listActivity(options.database.db, actorOf(request).userId, request.query),
    );
}
