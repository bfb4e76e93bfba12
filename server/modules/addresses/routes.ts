import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressInputSchema } from "../../../domain/schemas/address.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import type { AccountDeletedHook } from "../account/account-deletion.ts";
import { addressRepository } from "./repository.ts";
import { createAddressService } from "./service.ts";

const idParams = z.object({ id: z.string().max(64) });
const deleteQuery = z.object({
  confirm: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});

// Persons and institutions are deleted too; their references are foreign keys set to null anyway.
/** An account's addresses go with it. */
export const forgetAddresses: AccountDeletedHook = (userId, trx) =>
  addressRepository(trx).deleteAllOf(userId);

/** The spec's address calls (section 7), on the signed-in user's own address book. */
export async function addressRoutes(
  app: FastifyInstance,
  options: { database: Database; changes: FileChanges },
): Promise<void> {
  const service = createAddressService(options.database.db, options.changes);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };

  api.get("/api/address/", { config: user }, async (request) => service.list(actorOf(request)));

  api.post("/api/address/", { config: user, schema: { body: addressInputSchema } }, async (request) =>
    service.save(actorOf(request), request.body),
  );

  api.delete(
    "/api/address/:id",
    { config: user, schema: { params: idParams, querystring: deleteQuery } },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id, request.query.confirm);
      return reply.code(204).send();
    },
  );
}
