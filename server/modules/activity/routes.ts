import type { FastifyInstance } from "fastify";
import { activityApi } from "../../../domain/api/activity.ts";
import { activityTypes } from "../../../domain/api/activity.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import { deleteActivityOf, listActivity } from "./activity-log.ts";

/** An account's activity log goes with it. */
export const forgetActivity: AccountDeletedHook = (userId, trx) => deleteActivityOf(trx, userId);

/** GET /api/account/activity: the caller's own log, newest first, paged like /api/account/events. */
export async function activityRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  registerOperation(app, activityApi.list, activityTypes.list, (request) =>
    listActivity(options.database.db, actorOf(request).userId, request.query),
  );
}
