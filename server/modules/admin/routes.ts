import type { FastifyInstance } from "fastify";
import { adminApi } from "../../../domain/api/admin.ts";
import { adminTypes } from "../../../domain/api/admin.types.ts";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import type { createBillingAdmin } from "./billing-admin.ts";
import { adminOverview } from "./overview.ts";
import { adminRepository } from "./repository.ts";
import type { UserAdmin } from "./users.ts";

/** Admins' comments about an account go with it. */
export const forgetAccountComments: AccountDeletedHook = async (userId, trx) => {
  await adminRepository(trx).forgetAccount(userId);
};

/**
 * `/api/admin/*`: platform admins only; to anyone else these routes do not exist (404, see the
 * platformAdmin rule in server/auth/access.ts). Admin answers are never cached.
 */
export async function adminRoutes(
  app: FastifyInstance,
  options: {
    billingAdmin: ReturnType<typeof createBillingAdmin>;
    userAdmin: UserAdmin;
    database: Database;
    billing: BillingMode;
    clock: () => number;
  },
): Promise<void> {
  const admin = options.billingAdmin;
  const users = options.userAdmin;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const types = adminTypes;

  registerOperation(app, adminApi.products, types.products, async () => admin.products());
  registerOperation(app, adminApi.createProduct, types.createProduct, async (request) =>
    admin.createProduct(actorOf(request), request.body),
  );
  registerOperation(app, adminApi.archiveProduct, types.archiveProduct, async (request) =>
    admin.archiveProduct(actorOf(request), request.params.id),
  );

  registerOperation(app, adminApi.codes, types.codes, async () => admin.codes());
  registerOperation(app, adminApi.createCodes, types.createCodes, async (request) =>
    admin.createCodes(actorOf(request), request.body),
  );
  registerOperation(app, adminApi.archiveCode, types.archiveCode, async (request) =>
    admin.archiveCode(actorOf(request), request.params.id),
  );

  registerOperation(app, adminApi.charities, types.charities, async () => admin.charities());
  registerOperation(app, adminApi.createCharity, types.createCharity, async (request) =>
    admin.createCharity(actorOf(request), request.body.fullName),
  );
  registerOperation(app, adminApi.archiveCharity, types.archiveCharity, async (request) =>
    admin.archiveCharity(actorOf(request), request.params.id),
  );

  registerOperation(app, adminApi.users, types.users, async (request) => users.list(request.query));
  registerOperation(app, adminApi.user, types.user, async (request) => users.get(request.params.id));
  registerOperation(app, adminApi.disableUser, types.disableUser, async (request) =>
    users.disable(actorOf(request), request.params.id),
  );
  registerOperation(app, adminApi.enableUser, types.enableUser, async (request) =>
    users.enable(actorOf(request), request.params.id),
  );
  registerOperation(app, adminApi.resendVerification, types.resendVerification, async (request) =>
    users.resendVerification(actorOf(request), request.params.id),
  );
  registerOperation(app, adminApi.setAdmin, types.setAdmin, async (request) =>
    users.setAdmin(actorOf(request), request.params.id, request.query.grant),
  );
  registerOperation(app, adminApi.deleteUser, types.deleteUser, async (request, reply) => {
    await users.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });

  registerOperation(app, adminApi.userComments, types.userComments, async (request) =>
    users.comments(request.params.id),
  );
  registerOperation(app, adminApi.addUserComment, types.addUserComment, async (request) =>
    users.addComment(actorOf(request), request.params.id, request.body.notes),
  );
  registerOperation(app, adminApi.updateComment, types.updateComment, async (request) =>
    users.updateComment(actorOf(request), request.params.id, request.body.notes),
  );
  registerOperation(app, adminApi.deleteComment, types.deleteComment, async (request, reply) => {
    await users.deleteComment(actorOf(request), request.params.id);
    return reply.code(204).send();
  });

  registerOperation(app, adminApi.audit, types.audit, async (request) => users.auditLog(request.query));

  registerOperation(app, adminApi.overview, types.overview, async () =>
    adminOverview(options.database, options.billing, options.clock()),
  );
}
