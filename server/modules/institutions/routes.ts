import type { FastifyInstance } from "fastify";
import { institutionsApi } from "../../../domain/api/institutions.ts";
import { institutionsTypes } from "../../../domain/api/institutions.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import type { UploadLimit } from "../../http/file-part.ts";
import { registerOperation } from "../../http/operations.ts";
import { expectedVersionOf, withEtag } from "../../http/versions.ts";
import { vcardRoutes } from "../../vcard/routes.ts";
import { createInstitutionService } from "./service.ts";
import { institutionVcards } from "./vcard.ts";

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
  registerOperation(app, institutionsApi.list, institutionsTypes.list, async (request) =>
    service.list(actorOf(request)),
  );

  const vcards = institutionVcards(options.database.db, options.changes);
  await vcardRoutes(
    app,
    {
      api: institutionsApi,
      types: institutionsTypes,
      fileName: "kinfile-institutions",
      export: vcards.export,
      import: (writer, contacts) => vcards.import(writer, contacts),
      decide: vcards.decide,
    },
    options.uploadLimit,
  );

  registerOperation(app, institutionsApi.create, institutionsTypes.create, async (request, reply) => {
    const { saved, version } = await service.save(
      actorOf(request),
      request.body.id,
      request.body,
      expectedVersionOf(request.headers),
    );
    return withEtag(reply, version).send({ id: saved.id });
  });

  registerOperation(app, institutionsApi.read, institutionsTypes.read, async (request, reply) => {
    const { saved, version } = await service.get(actorOf(request), request.params.id);
    return withEtag(reply, version).send(saved);
  });

  registerOperation(app, institutionsApi.replace, institutionsTypes.replace, async (request, reply) => {
    const { saved, version } = await service.save(
      actorOf(request),
      request.params.id,
      request.body,
      expectedVersionOf(request.headers),
    );
    return withEtag(reply, version).send(saved);
  });

  registerOperation(app, institutionsApi.remove, institutionsTypes.remove, async (request, reply) => {
    await service.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
}
