import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { categoryKeySchema, DOCUMENT_MODULES, isDocumentType } from "../../../domain/schemas/document.ts";
import { scopeIncludesDocument } from "../../../domain/schemas/share.ts";
import { AppError } from "../../errors/app-error.ts";
import { sendDownload } from "../documents/download.ts";
import { toDocumentRecord, toListItem } from "../documents/presenter.ts";
import { openDocumentFile } from "../documents/reader.ts";
import { nomineeParams, type SharedReads, sharedIdSchema } from "./shared-read-context.ts";
import { documentIsVisible, documentsNamedBy, isCategoryShared } from "./shared-scope.ts";

const id = sharedIdSchema;
const documentQuery = z
  .object({ documentModule: z.enum(DOCUMENT_MODULES), documentType: categoryKeySchema })
  .refine((query) => isDocumentType(query.documentModule, query.documentType), {
    path: ["documentType"],
    message: "errors:fields.invalid_choice",
  });
const downloadParams = z.object({
  nomineeId: id,
  documentType: z.string().max(64),
  documentId: id,
  fileName: z.string().max(1024),
});
const inlineQuery = z.object({ inline: z.enum(["1", "true", "0", "false"]).optional() });

/** A nominee's reads of shared documents: by type, a record's, one document, its file. */
export function sharedDocumentRoutes(app: FastifyInstance, reads: SharedReads): void {
  const { grantOf, log, records, documents, blobs } = reads;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const nominee = { access: "nominee" as const };

  api.get(
    "/api/shared/nominee/:nomineeId/documents",
    { config: nominee, schema: { params: nomineeParams, querystring: documentQuery } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const { documentModule, documentType } = request.query;
      if (!scopeIncludesDocument(grant.scope, documentModule, documentType)) throw new AppError("not_found");
      const list = (await documents.listByType(grant.ownerId, documentModule, documentType)).map(toListItem);
      await log(grant, [
        { kind: "view", subjectKind: "list", subjectId: documentType, category: documentType },
      ]);
      return list;
    },
  );

  api.get(
    "/api/shared/nominee/:nomineeId/documents/record/:recordId",
    { config: nominee, schema: { params: z.object({ nomineeId: id, recordId: id }) } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const category = await records.categoryOf(grant.ownerId, request.params.recordId);
      if (category === undefined || !isCategoryShared(grant.scope, category)) throw new AppError("not_found");
      const { ownerId } = grant;
      const named = await documentsNamedBy(records, grant, request.params.recordId);
      const attached = await documents.listAttachedTo(ownerId, request.params.recordId);
      const others = await documents.findMany(
        ownerId,
        named.filter((documentId) => !attached.some((row) => row.id === documentId)),
      );
      // Part of reading the record, which logged its view already.
      return [...attached, ...others].map(toListItem);
    },
  );

  api.get(
    "/api/shared/nominee/:nomineeId/document/:id",
    { config: nominee, schema: { params: z.object({ nomineeId: id, id }), querystring: documentQuery } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const { documentModule, documentType } = request.query;
      const row = await documents.findAt(grant.ownerId, request.params.id, {
        module: documentModule,
        type: documentType,
      });
      if (row === undefined || !(await documentIsVisible(records, grant, row))) {
        throw new AppError("not_found");
      }
      await log(grant, [{ kind: "view", subjectKind: "document", subjectId: row.id, category: row.type }]);
      return toDocumentRecord(row);
    },
  );

  api.get(
    "/api/shared/:nomineeId/:documentType/:documentId/download/:fileName/",
    { config: nominee, schema: { params: downloadParams, querystring: inlineQuery } },
    async (request, reply) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const row = await documents.findAt(grant.ownerId, request.params.documentId, {
        type: request.params.documentType,
      });
      if (row === undefined || !(await documentIsVisible(records, grant, row))) {
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
