import type { Kysely } from "kysely";
import {
  archivePathOf,
  documentEntrySchema,
  type FileSnapshotDocument,
} from "../../../domain/schemas/file-export.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { kindPortability } from "../../file/kind-portability.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { type DocumentDownload, documentReader, openDocumentFile } from "./reader.ts";
import {
  insertDocumentRows,
  ownerHasDocuments,
  type RestoredFile,
  restoredDocumentRows,
  storeRestoredFile,
} from "./restore.ts";

const PART = "documents";

/**
 * One of the owner's documents' file, decrypted, as a stream: what the export copies into its
 * archive and the binder appends. 404 when the owner has no such document or it has no file.
 */
export async function openOwnedDocumentFile(
  deps: { db: Kysely<DB>; dataKeys: DataKeys; blobs: BlobStore },
  ownerId: string,
  documentId: string,
): Promise<DocumentDownload> {
  const document = await documentReader(deps.db, deps.dataKeys).find(ownerId, documentId);
  if (document === undefined) throw new AppError("not_found");
  return openDocumentFile(deps.blobs, document);
}

/**
 * Documents in the export archive (`documents`, oldest first: metadata, and each file beside the
 * document at `files/<id>/<name>` with its SHA-256) and restored by an import, each file checked
 * as an upload is and stored before the transaction.
 */
export const documentPortability = kindPortability({
  part: PART,
  async read({ db, dataKeys }, ownerId) {
    const documents = await documentReader(db, dataKeys).listAll(ownerId);
    return documents
      .map(
        (document): FileSnapshotDocument => ({
          id: document.id,
          module: document.module,
          type: document.type,
          fileName: document.fileName,
          description: document.description,
          lastName: document.lastName,
          assignedModule: document.assigned_module,
          assignedType: document.assigned_type,
          assignedCustomPosition: document.assigned_custom_position,
          assignedDocument: document.assigned_document,
          createTime: Number(document.created_at),
          updateTime: Number(document.updated_at),
          file:
            document.blob_id === null || document.content_type === null
              ? null
              : {
                  path: archivePathOf(document.id, document.fileName),
                  contentType: document.content_type,
                  size: Number(document.size ?? 0),
                },
        }),
      )
      .sort((a, b) => a.createTime - b.createTime || a.id.localeCompare(b.id));
  },
  subject: (document) => ({ kind: "document", ...document }),
  files: {
    of: (document) => document.file,
    open: async (services, ownerId, document) =>
      (await openOwnedDocumentFile(services, ownerId, document.id)).body,
    written: (document, file) => ({ ...document, file }),
    named: (document) => document.file,
  },
  entry: documentEntrySchema,
  holds: ({ db }, ownerId) => ownerHasDocuments(db, ownerId),
  async prepare(context, documents) {
    const { ownerId, services } = context;
    // Files first (outside any transaction: the blob store may be the database), each checked.
    const stored = new Map<string, RestoredFile>();
    for (const [index, document] of documents.entries()) {
      if (document.file === null) continue;
      const restored = await storeRestoredFile(
        services.blobs,
        ownerId,
        await context.openFile(document.file.path),
        `${PART}.${index}.file`,
      );
      context.stored(document.file.path, restored);
      stored.set(document.id, restored);
    }
    const rows = await restoredDocumentRows(
      services.dataKeys,
      ownerId,
      documents.map((document) => ({
        ...document,
        id: context.newId(document.id),
        assignedDocument: context.idOf("record", document.assignedDocument),
        file: stored.get(document.id) ?? null,
      })),
    );
    return { insert: (trx) => insertDocumentRows(trx, rows), counts: { files: stored.size } };
  },
});
