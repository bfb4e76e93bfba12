import type { FastifyInstance, FastifyRequest } from "fastify";
import { sharedDocumentsApi } from "../../../domain/api/sharedDocuments.ts";
import { sharedDocumentsTypes } from "../../../domain/api/sharedDocuments.types.ts";
import { isCategoryShared, scopeIncludesDocument } from "../../../domain/schemas/share.ts";
import { AppError } from "../../errors/app-error.ts";
import { registerOperation } from "../../http/operations.ts";
import { openDocumentFile, sendDownload, toDocumentRecord, toListItem } from "../documents/index.ts";
import type { SharedReads } from "./shared-read-context.ts";
import { documentsNamedBy, grantCoverage } from "./shared-scope.ts";

/** A nominee's reads of shared documents: by type, a record's, one document, its file. */
export function sharedDocumentRoutes(app: FastifyInstance, reads: SharedReads): void {
  const { grantOf, log, records, documents, blobs, scopes } = reads;

  registerOperation(app, sharedDocumentsApi.list, sharedDocumentsTypes.list, async (request) => {
    const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
    const { documentModule, documentType } = request.query;
    if (!scopeIncludesDocument(grant.scope, documentModule, documentType)) throw new AppError("not_found");
    const list = (await documents.listByType(grant.ownerId, documentModule, documentType)).map(toListItem);
    await log(grant, [
      { kind: "view", subjectKind: "list", subjectId: documentType, category: documentType },
    ]);
    return list;
  });

  registerOperation(app, sharedDocumentsApi.ofRecord, sharedDocumentsTypes.ofRecord, async (request) => {
    const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
    const category = await records.categoryOf(grant.ownerId, request.params.recordId);
    if (category === undefined || !isCategoryShared(grant.scope, category)) throw new AppError("not_found");
    const { ownerId } = grant;
    const named = await documentsNamedBy(records, grant, category, request.params.recordId);
    const attached = await documents.listAttachedTo(ownerId, request.params.recordId);
    const others = await documents.findMany(
      ownerId,
      named.filter((documentId) => !attached.some((row) => row.id === documentId)),
    );
    // Part of reading the record, which logged its view already.
    return [...attached, ...others].map(toListItem);
  });

  registerOperation(app, sharedDocumentsApi.read, sharedDocumentsTypes.read, async (request) => {
    const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
    const { documentModule, documentType } = request.query;
    const row = await documents.findAt(grant.ownerId, request.params.id, {
      module: documentModule,
      type: documentType,
    });
    if (row === undefined || !(await grantCoverage(scopes, grant).covers("document", row.id))) {
      throw new AppError("not_found");
    }
    await log(grant, [{ kind: "view", subjectKind: "document", subjectId: row.id, category: row.type }]);
    return toDocumentRecord(row);
  });

  registerOperation(
    app,
    sharedDocumentsApi.download,
    sharedDocumentsTypes.download,
    async (request, reply) => {
      const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
      const row = await documents.findAt(grant.ownerId, request.params.documentId, {
        type: request.params.documentType,
      });
      if (row === undefined || !(await grantCoverage(scopes, grant).covers("document", row.id))) {
        throw new AppError("not_found");
      }
      const inline = request.query.inline === "1" || request.query.inline === "true";
      const file = await openDocumentFile(blobs, row);
      try {
        // The file's name stays out of the log: it is encrypted at rest, the log is not. Opened
        // in the browser (View) is a view of the file; saved (Download) is a download.
        await log(grant, [
          inline
            ? { kind: "view", subjectKind: "file", subjectId: row.id, category: row.type }
            : { kind: "download", subjectKind: "document", subjectId: row.id, category: row.type },
        ]);
      } catch (error) {
        // Unlogged, the file does not leave.
        file.body.destroy();
        throw error;
      }
      return sendDownload(reply, file, inline);
    },
  );
}
