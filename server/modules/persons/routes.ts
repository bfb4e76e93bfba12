import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PERSON_GROUPS } from "../../../domain/catalog/relationships.ts";
import {
  IMAGE_SRC_MAX_CHARS,
  personInputSchema,
  personRevealQuerySchema,
} from "../../../domain/schemas/person.ts";
import {
  personVcardDecisionsSchema,
  personVcardExportQuerySchema,
  personVcardTargetSchema,
} from "../../../domain/schemas/vcard.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import type { UploadLimit } from "../../http/file-part.ts";
import { vcardRoutes } from "../../vcard/routes.ts";
import type { AccountDeletedHook } from "../account/account-deletion.ts";
import { createPhotoProcessor } from "./photo-processor.ts";
import { personRepository } from "./repository.ts";
import { createPersonService } from "./service.ts";
import { personVcards } from "./vcard.ts";

/** A person with a 5 MB photo in base64, and room for every other field. */
const PERSON_BODY_LIMIT = IMAGE_SRC_MAX_CHARS + 1024 * 1024;

const groupParams = z.object({ group: z.enum(PERSON_GROUPS) });
const groupIdParams = z.object({ group: z.enum(PERSON_GROUPS), id: z.string().max(64) });
const idParams = z.object({ id: z.string().max(64) });

/** An account's persons go with it. */
export const forgetPersons: AccountDeletedHook = (userId, trx) => personRepository(trx).deleteAllOf(userId);

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };

  api.post(
    "/api/pn/person",
    { config: user, bodyLimit: PERSON_BODY_LIMIT, schema: { body: personInputSchema } },
    async (request, reply) => {
      const id = await service.save(actorOf(request), request.body);
      // The spec's body is the id itself, as a JSON string.
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(id));
    },
  );

  // A person is the owner's most personal data (and may hold a revealed social number): no cache keeps a copy.
  app.addHook("onSend", async (request, reply) => {
    if (request.method === "GET") reply.header("cache-control", "no-store");
  });
  const revealed = (query: { reveal?: "socialNumber" | undefined }) => (query.reveal ? [query.reveal] : []);

  api.get(
    "/api/pn/person",
    { config: user, schema: { querystring: personRevealQuerySchema } },
    async (request) => service.own(actorOf(request), revealed(request.query)),
  );

  const vcards = personVcards(options.database.db, options.dataKeys, options.changes);
  await vcardRoutes(
    app,
    {
      path: "/api/pn/person/vcard",
      fileName: "kinfile-persons",
      exportQuery: personVcardExportQuerySchema,
      importQuery: personVcardTargetSchema,
      decisionsSchema: personVcardDecisionsSchema,
      export: vcards.export,
      import: vcards.import,
      decide: vcards.decide,
    },
    options.uploadLimit,
  );

  api.get("/api/pn/person/:group", { config: user, schema: { params: groupParams } }, async (request) =>
    service.list(actorOf(request), request.params.group),
  );

  api.get(
    "/api/pn/person/:group/:id",
    { config: user, schema: { params: groupIdParams, querystring: personRevealQuerySchema } },
    async (request) =>
      service.get(actorOf(request), request.params.group, request.params.id, revealed(request.query)),
  );

  api.delete("/api/pn/person/:id", { config: user, schema: { params: idParams } }, async (request, reply) => {
    await service.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
}
