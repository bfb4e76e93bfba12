import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { institutionInputSchema } from "../../../domain/schemas/institution.ts";
import { institutionVcardDecisionsSchema, vcardExportQuerySchema } from "../../../domain/schemas/vcard.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import type { UploadLimit } from "../../http/file-part.ts";
import { NO_IMPORT_QUERY, vcardRoutes } from "../../vcard/routes.ts";
import type { AccountDeletedHook } from "../account/account-deletion.ts";
import { institutionRepository } from "./repository.ts";
import { createInstitutionService } from "./service.ts";
import { institutionVcards } from "./vcard.ts";

const idParams = z.object({ id: z.string().max(64) });

/** An account's institutions go with it. */
export const forgetInstitutions: AccountDeletedHook = (userId, trx) =>
  institutionRepository(trx).deleteAllOf(userId);

/**
 * The spec's institution calls (POST answers { id }, GET lists), plus one institution's get,
 * update and delete for the Edit Company modal, on the signed-in user's own companies.
 */
export async function institutionRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    /** Files one account may upload per window (config.uploadRateLimit): a vCard file is one. */
    uploadLimit: UploadLimit;
    /** Where saves and deletes are published (server/file/changes.ts). */
    changes: FileChanges;
  },
): Promise<void> {
  const service = createInstitutionService(options.database.db, options.changes);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };

  api.get("/api/institutions/", { config: user }, async (request) => service.list(actorOf(request)));

  const vcards = institutionVcards(options.database.db, options.changes);
  await vcardRoutes(
    app,
    {
      path: "/api/institutions/vcard",
      fileName: "kinfile-institutions",
      exportQuery: vcardExportQuerySchema,
      importQuery: NO_IMPORT_QUERY,
      decisionsSchema: institutionVcardDecisionsSchema,
      export: vcards.export,
      import: (ownerId, contacts) => vcards.import(ownerId, contacts),
      decide: vcards.decide,
    },
    options.uploadLimit,
  );

  api.post(
    "/api/institutions/",
    { config: user, schema: { body: institutionInputSchema } },
    async (request) => ({
      id: (await service.save(actorOf(request), request.body.id, request.body)).id,
    }),
  );

  api.get("/api/institutions/:id", { config: user, schema: { params: idParams } }, async (request) =>
    service.get(actorOf(request), request.params.id),
  );

  api.put(
    "/api/institutions/:id",
    { config: user, schema: { params: idParams, body: institutionInputSchema } },
    async (request) => {
      return service.save(actorOf(request), request.params.id, request.body);
    },
  );

  api.delete(
    "/api/institutions/:id",
    { config: user, schema: { params: idParams } },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
