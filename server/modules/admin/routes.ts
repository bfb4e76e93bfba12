import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createCharityBodySchema,
  createCodeBodySchema,
  createProductBodySchema,
} from "../../../domain/schemas/subscription.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { createBillingAdmin } from "./billing-admin.ts";

const idParams = z.object({ id: z.string().max(64) });

/**
 * `/api/admin/*`: platform admins only; to anyone else these routes do not exist (404, see the
 * platformAdmin rule in server/auth/access.ts). Admin answers are never cached.
 */
export async function adminRoutes(
  app: FastifyInstance,
  options: { billingAdmin: ReturnType<typeof createBillingAdmin> },
): Promise<void> {
  const admin = options.billingAdmin;
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
}
