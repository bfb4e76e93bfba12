import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { documentsApi } from "../../../domain/api/documents.ts";
import { documentsTypes } from "../../../domain/api/documents.types.ts";
import type { ShareScope } from "../../../domain/schemas/share.ts";
import { actorOf, fileScopeOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import { closeUnreadBody, type UploadLimit } from "../../http/file-part.ts";
import { registerOperation } from "../../http/operations.ts";
import { perAccountRateLimit } from "../../http/rate-limit-store.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { sendDownload } from "./download.ts";
import { createDocumentService } from "./service.ts";

/** Which of an owner's documents a scope shows: read once, asked for each document. */
export type DocumentVisibility = (file: {
  ownerId: string;
  scope: ShareScope;
}) => Promise<
  (document: { id: string; module: string; type: string; assignedDocument: string | null }) => boolean
>;

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
    /** Which documents a scope shows (sharing's one rule), for a collaborator's lists of the whole file. */
    visibility: DocumentVisibility;
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
  const inline = (query: { inline?: string | undefined }) => query.inline === "1" || query.inline === "true";

  registerOperation(app, documentsApi.save, documentsTypes.save, async (request, reply) => {
    const documentId = await service.save(actorOf(request), request.body);
    // The spec's body is the id itself, as a JSON string.
    return reply.type("application/json; charset=utf-8").send(JSON.stringify(documentId));
  });

  registerOperation(
    app,
    documentsApi.upload,
    documentsTypes.upload,
    async (request) => service.upload(actorOf(request), request.params, request as FastifyRequest),
    {
      config: { rateLimit: perAccountRateLimit(options.uploadLimit) },
      onSend: closeUnreadBody,
    },
  );

  registerOperation(app, documentsApi.list, documentsTypes.list, async (request) =>
    service.list(actorOf(request), request.params.module, request.params.type),
  );

  registerOperation(app, documentsApi.counts, documentsTypes.counts, async (request) =>
    service.counts(actorOf(request), request.params.module),
  );

  registerOperation(app, documentsApi.countAssigned, documentsTypes.countAssigned, async (request) =>
    service.countAssigned(
      actorOf(request),
      request.params.module,
      request.params.subtype,
      request.params.type,
    ),
  );

  registerOperation(app, documentsApi.onRecords, documentsTypes.onRecords, async (request) => {
    const actor = actorOf(request);
    const documents = await service.onRecords(actor);
    const scope = fileScopeOf(request);
    if (scope === null) return documents;
    const visible = await options.visibility({ ownerId: actor.userId, scope });
    return documents.filter(visible);
  });

  registerOperation(app, documentsApi.attachedTo, documentsTypes.attachedTo, async (request) =>
    service.attachedTo(actorOf(request), request.params.id),
  );

  registerOperation(app, documentsApi.read, documentsTypes.read, async (request) =>
    service.get(actorOf(request), request.params),
  );

  registerOperation(app, documentsApi.download, documentsTypes.download, async (request, reply) => {
    const file = await service.download(actorOf(request), request.params);
    return sendDownload(reply, file, inline(request.query));
  });

  registerOperation(app, documentsApi.downloadFiled, documentsTypes.downloadFiled, async (request, reply) => {
    const { module, subtype, type, id } = request.params;
    const file = await service.downloadFiled(actorOf(request), {
      module,
      assignedModule: subtype,
      assignedType: type,
      id,
    });
    return sendDownload(reply, file, inline(request.query));
  });

  registerOperation(app, documentsApi.removeFile, documentsTypes.removeFile, async (request, reply) => {
    await service.removeFile(actorOf(request), request.params, request.params.fileName);
    return reply.code(204).send();
  });

  registerOperation(
    app,
    documentsApi.discardPending,
    documentsTypes.discardPending,
    async (request, reply) => {
      await service.discardPending(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  registerOperation(app, documentsApi.remove, documentsTypes.remove, async (request, reply) => {
    await service.remove(actorOf(request), request.params);
    return reply.code(204).send();
  });
}
