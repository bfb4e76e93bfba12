import type { FastifyInstance } from "fastify";
import { remindersApi } from "../../../domain/api/reminders.ts";
import { remindersTypes } from "../../../domain/api/reminders.types.ts";
import { isCategoryShared } from "../../../domain/schemas/share.ts";
import { actorOf, fileScopeOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import { upcomingReminders } from "./upcoming.ts";

/**
 * GET /api/reminders: the caller's record dates coming up within their largest lead time or
 * overdue by at most 30 days, soonest first (a collaborator's, those of their scope). Same access
 * as the records: a subscriber or a company account member.
 */
export async function reminderRoutes(
  app: FastifyInstance,
  options: { database: Database; dataKeys: DataKeys; clock: () => number },
): Promise<void> {
  const { clock } = options;
  registerOperation(app, remindersApi.upcoming, remindersTypes.upcoming, async (request, reply) => {
    const actor = actorOf(request);
    const items = await upcomingReminders(options.database.db, options.dataKeys, actor.userId, clock());
    const scope = fileScopeOf(request);
    const seen = scope === null ? items : items.filter((item) => isCategoryShared(scope, item.category));
    return reply.header("cache-control", "no-store").send(seen);
  });
}
