import type { FastifyInstance } from "fastify";
import { personsApi } from "../../../domain/api/persons.ts";
import { personsTypes } from "../../../domain/api/persons.types.ts";
import { IMAGE_SRC_MAX_CHARS } from "../../../domain/schemas/person.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import type { UploadLimit } from "../../http/file-part.ts";
import { registerOperation } from "../../http/operations.ts";
import { expectedVersionOf, withEtag } from "../../http/versions.ts";
import { vcardRoutes } from "../../vcard/routes.ts";
import { createPhotoProcessor } from "./photo-processor.ts";
import { createPersonService } from "./service.ts";
import { personVcards } from "./vcard.ts";

/** A person with a 5 MB photo in base64, and room for every other field. */
const PERSON_BODY_LIMIT = IMAGE_SRC_MAX_CHARS + 1024 * 1024;

/**
 * The spec's person calls (section 7). Every route is the signed-in user's own personal network,
 * which needs no subscription; deleting does (the policy), as the spec disables Delete without one.
 */
export async function personRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    dataKeys: DataKeys;
    /** Files one account may upload per window (config.uploadRateLimit): a vCard file is one. */
    uploadLimit: UploadLimit;
    /** Where saves and deletes are published (server/file/changes.ts). */
    changes: FileChanges;
  },
): Promise<void> {
  const photos = createPhotoProcessor();
  app.addHook("onClose", () => photos.close());
  const service = createPersonService({
    db: options.database.db,
    dataKeys: options.dataKeys,
    photos,
    changes: options.changes,
  });

  registerOperation(
    app,
    personsApi.save,
    personsTypes.save,
    async (request, reply) => {
      const { saved, version } = await service.save(
        actorOf(request),
        request.body,
        expectedVersionOf(request.headers),
      );
      // The spec's body is the id itself, as a JSON string.
      return withEtag(reply.type("application/json; charset=utf-8"), version).send(JSON.stringify(saved));
    },
    { bodyLimit: PERSON_BODY_LIMIT },
  );

  // A person is the owner's most personal data (and may hold a revealed social number): no cache keeps a copy.
  app.addHook("onSend", async (request, reply) => {
    if (request.method === "GET") reply.header("cache-control", "no-store");
  });
  const revealed = (query: { reveal?: "socialNumber" | undefined }) => (query.reveal ? [query.reveal] : []);

  registerOperation(app, personsApi.own, personsTypes.own, async (request, reply) => {
    const { saved, version } = await service.own(actorOf(request), revealed(request.query));
    return withEtag(reply, version).send(saved);
  });

  const vcards = personVcards(options.database.db, options.dataKeys, options.changes);
  await vcardRoutes(
    app,
    {
      api: personsApi,
      types: personsTypes,
      fileName: "kinfile-persons",
      export: vcards.export,
      import: vcards.import,
      decide: vcards.decide,
    },
    options.uploadLimit,
  );

  registerOperation(app, personsApi.list, personsTypes.list, async (request) =>
    service.list(actorOf(request), request.params.group),
  );

  registerOperation(app, personsApi.read, personsTypes.read, async (request, reply) => {
    const { params, query } = request;
    const { saved, version } = await service.get(actorOf(request), params.group, params.id, revealed(query));
    return withEtag(reply, version).send(saved);
  });

  registerOperation(app, personsApi.remove, personsTypes.remove, async (request, reply) => {
    await service.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
}
