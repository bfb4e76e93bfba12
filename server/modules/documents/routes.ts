import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ASSIGNED_MODULES,
  categoryKeySchema,
  DOCUMENT_MODULES,
  documentInputSchema,
  isAssignedCategory,
  isDocumentType,
} from "../../../domain/schemas/document.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import { closeUnreadBody, perAccountUploads, type UploadLimit } from "../../http/file-part.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import type { AccountDeletedHook } from "../account/account-deletion.ts";
import { sendDownload } from "./download.ts";
import { documentRepository } from "./repository.ts";
import { createDocumentService } from "./service.ts";

const id = z.string().max(64);
const module = z.enum(DOCUMENT_MODULES);
const categoryOf = <T extends { module: string; type: string }>(schema: z.ZodType<T>) =>
  schema.refine((params) => isDocumentType(params.module, params.type), {
    path: ["type"],
    message: "errors:fields.invalid_choice",
  });
const typeParams = categoryOf(z.object({ module, type: categoryKeySchema }));
const documentParams = categoryOf(z.object({ module, type: categoryKeySchema, id }));
const fileParams = categoryOf(
  z.object({ module, type: categoryKeySchema, id, fileName: z.string().max(1024) }),
);
const assignedParams = <T extends { subtype: string; type: string }>(schema: z.ZodType<T>) =>
  schema.refine((params) => isAssignedCategory(params.subtype, params.type), {
    path: ["type"],
    message: "errors:fields.invalid_choice",
  });
const assignedCountParams = assignedParams(
  z.object({ module, subtype: z.enum(ASSIGNED_MODULES), type: categoryKeySchema }),
);
/** The download's variant with the filing as its extra segment: `{module}/{subtype}/{type}`, as the assigned count names it. */
const filedFileParams = assignedParams(
  z.object({
    module,
    subtype: z.enum(ASSIGNED_MODULES),
    type: categoryKeySchema,
    id,
    fileName: z.string().max(1024),
  }),
);
const inlineQuery = z.object({ inline: z.enum(["1", "true", "0", "false"]).optional() });

/**
 * An account's documents go with it: the rows, then the files of this app's blob store, inside the
 * deletion's transaction (the database store deletes its rows in it too).
 */
export function forgetDocuments(blobs: BlobStore): AccountDeletedHook {
  return async (userId, trx) => {
    await documentRepository(trx).deleteAllOf(userId);
    await blobs.deleteAllOf(userId, trx);
  };
}

/**
 * The spec's document calls (section 7). Documents belong to the record modules, which accounts
 * with neither subscriber nor b2b cannot open (spec section 6): every route needs the subscriber
 * rule, which b2b members pass too. Everything is the caller's own: another account's document
 * answers 404 like a missing one.
 */
export async function documentRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    blobs: BlobStore;
    dataKeys: DataKeys;
    /** Files one account may upload per window (config.uploadRateLimit). */
    uploadLimit: UploadLimit;
    /** Where saves and deletes are published (server/file/changes.ts). */
    changes: FileChanges;
  },
): Promise<void> {
  const { blobs, dataKeys } = options;
  const service = createDocumentService({
    db: options.database.db,
    blobs,
    dataKeys,
    log: app.log,
    changes: options.changes,
  });
  // Registered in this plugin only: uploads stream through busboy here, while other plugins (the
  // unsubscribe link's one-click POST) keep their own small multipart parser. Limits per request
  // are set where the file is read (upload.ts).
  await app.register(multipart);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const subscriber = { access: "subscriber" as const };

  api.post(
    "/api/documents",
    { config: subscriber, schema: { body: documentInputSchema } },
    async (request, reply) => {
      const documentId = await service.save(actorOf(request), request.body);
      // The spec's body is the id itself, as a JSON string.
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(documentId));
    },
  );

  api.post(
    "/api/documents/:module/:type/:id/upload",
    {
      config: { ...subscriber, rateLimit: perAccountUploads(options.uploadLimit) },
      schema: { params: documentParams },
      onSend: closeUnreadBody,
    },
    async (request) => service.upload(actorOf(request), request.params, request),
  );

  api.get(
    "/api/documents/:module/type/:type",
    { config: subscriber, schema: { params: typeParams } },
    async (request) => service.list(actorOf(request), request.params.module, request.params.type),
  );

  api.get(
    "/api/documents/:module/count",
    { config: subscriber, schema: { params: z.object({ module }) } },
    async (request) => service.counts(actorOf(request), request.params.module),
  );

  api.get(
    "/api/documents/:module/:subtype/:type/count",
    {
      config: subscriber,
      schema: { params: assignedCountParams },
    },
    async (request) =>
      service.countAssigned(
        actorOf(request),
        request.params.module,
        request.params.subtype,
        request.params.type,
      ),
  );

  // Before "/api/documents/:module/count": a fixed path of its own.
  api.get("/api/documents/on-records", { config: subscriber }, async (request) =>
    service.onRecords(actorOf(request)),
  );

  api.get(
    "/api/documents/file/list/document/:id",
    { config: subscriber, schema: { params: z.object({ id }) } },
    async (request) => service.attachedTo(actorOf(request), request.params.id),
  );

  api.get(
    "/api/documents/:module/:type/:id",
    { config: subscriber, schema: { params: documentParams } },
    async (request) => service.get(actorOf(request), request.params),
  );

  api.get(
    "/api/documents/:module/:type/:id/download/:fileName/",
    { config: subscriber, schema: { params: fileParams, querystring: inlineQuery } },
    async (request, reply) => {
      const file = await service.download(actorOf(request), request.params);
      const inline = request.query.inline === "1" || request.query.inline === "true";
      return sendDownload(reply, file, inline);
    },
  );

  api.get(
    "/api/documents/:module/:subtype/:type/:id/download/:fileName/",
    { config: subscriber, schema: { params: filedFileParams, querystring: inlineQuery } },
    async (request, reply) => {
      const { module, subtype, type, id } = request.params;
      const file = await service.downloadFiled(actorOf(request), {
        module,
        assignedModule: subtype,
        assignedType: type,
        id,
      });
      const inline = request.query.inline === "1" || request.query.inline === "true";
      return sendDownload(reply, file, inline);
    },
  );

  api.delete(
    "/api/documents/:module/:type/:id/delete/:fileName/",
    { config: subscriber, schema: { params: fileParams } },
    async (request, reply) => {
      await service.removeFile(actorOf(request), request.params, request.params.fileName);
      return reply.code(204).send();
    },
  );

  api.delete(
    "/api/documents/pending/:id",
    { config: subscriber, schema: { params: z.object({ id }) } },
    async (request, reply) => {
      await service.discardPending(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  api.delete(
    "/api/documents/:module/:type/:id",
    { config: subscriber, schema: { params: documentParams } },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params);
      return reply.code(204).send();
    },
  );
}
