import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminUsersQuerySchema,
  auditQuerySchema,
  grantAdminQuerySchema,
} from "../../../domain/schemas/admin.ts";
import { commentBodySchema } from "../../../domain/schemas/comment.ts";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import {
  createCharityBodySchema,
  createCodeBodySchema,
  createProductBodySchema,
} from "../../../domain/schemas/subscription.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import type { createBillingAdmin } from "./billing-admin.ts";
import { adminOverview } from "./overview.ts";
import { adminRepository } from "./repository.ts";
import type { UserAdmin } from "./users.ts";

const idParams = z.object({ id: z.string().max(64) });

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const platformAdmin = { access: "platformAdmin" as const };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.get("/api/admin/products", { config: platformAdmin }, async () => admin.products());
  api.post(
    "/api/admin/products",
    { config: platformAdmin, schema: { body: createProductBodySchema } },
    async (request) => admin.createProduct(actorOf(request), request.body),
  );
  api.post(
    "/api/admin/products/:id/archive",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => admin.archiveProduct(actorOf(request), request.params.id),
  );

  api.get("/api/admin/codes", { config: platformAdmin }, async () => admin.codes());
  api.post(
    "/api/admin/codes",
    { config: platformAdmin, schema: { body: createCodeBodySchema } },
    async (request) => admin.createCodes(actorOf(request), request.body),
  );
  api.post(
    "/api/admin/codes/:id/archive",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => admin.archiveCode(actorOf(request), request.params.id),
  );

  api.get("/api/admin/charities", { config: platformAdmin }, async () => admin.charities());
  api.post(
    "/api/admin/charities",
    { config: platformAdmin, schema: { body: createCharityBodySchema } },
    async (request) => admin.createCharity(actorOf(request), request.body.fullName),
  );
  api.post(
    "/api/admin/charities/:id/archive",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => admin.archiveCharity(actorOf(request), request.params.id),
  );

  api.get(
    "/api/admin/users",
    { config: platformAdmin, schema: { querystring: adminUsersQuerySchema } },
    async (request) => users.list(request.query),
  );
  api.get("/api/admin/users/:id", { config: platformAdmin, schema: { params: idParams } }, async (request) =>
    users.get(request.params.id),
  );
  api.post(
    "/api/admin/users/:id/disable",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => users.disable(actorOf(request), request.params.id),
  );
  api.post(
    "/api/admin/users/:id/enable",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => users.enable(actorOf(request), request.params.id),
  );
  api.post(
    "/api/admin/users/:id/resend-verification",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => users.resendVerification(actorOf(request), request.params.id),
  );
  api.post(
    "/api/admin/users/:id/admin",
    { config: platformAdmin, schema: { params: idParams, querystring: grantAdminQuerySchema } },
    async (request) => users.setAdmin(actorOf(request), request.params.id, request.query.grant),
  );
  api.delete(
    "/api/admin/users/:id",
    { config: platformAdmin, schema: { params: idParams } },
    async (request, reply) => {
      await users.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  api.get(
    "/api/admin/users/:id/comments",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => users.comments(request.params.id),
  );
  api.post(
    "/api/admin/users/:id/comments",
    { config: platformAdmin, schema: { params: idParams, body: commentBodySchema } },
    async (request) => users.addComment(actorOf(request), request.params.id, request.body.notes),
  );
  api.put(
    "/api/admin/comments/:id",
    { config: platformAdmin, schema: { params: idParams, body: commentBodySchema } },
    async (request) => users.updateComment(actorOf(request), request.params.id, request.body.notes),
  );
  api.delete(
    "/api/admin/comments/:id",
    { config: platformAdmin, schema: { params: idParams } },
    async (request, reply) => {
      await users.deleteComment(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  api.get(
    "/api/admin/audit",
    { config: platformAdmin, schema: { querystring: auditQuerySchema } },
    async (request) => users.auditLog(request.query),
  );

  api.get("/api/admin/overview", { config: platformAdmin }, async () =>
    adminOverview(options.database, options.billing, options.clock()),
  );
}
