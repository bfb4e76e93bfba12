import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { LIMITS } from "../../../domain/limits.ts";
import {
  DOCUMENT_MODULES,
  type DocumentInput,
  type UploadContentType,
} from "../../../domain/schemas/document.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, DocumentTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { inspectFile } from "./file-inspection.ts";
import { NO_TEXT, sealDocumentText } from "./metadata.ts";
import { documentRepository } from "./repository.ts";

/** A file stored for an import: its blob, what it was sniffed to be, its size and SHA-256 (hex). */
export type RestoredFile = { blobId: string; contentType: UploadContentType; size: number; sha256: string };

/** A document as an import restores it: new ids (its own, its record's), its file if it had one. */
export type RestoredDocument = Omit<DocumentInput, "id"> & {
  id: string;
  createTime: number;
  updateTime: number;
  file: RestoredFile | null;
};

/**
 * The documents module's public face for an import (server/modules/portability). `storeFile`
 * checks a file as an upload is checked (its type sniffed from its bytes, at most 5 MB) and stores
 * it encrypted while it streams, hashing it on the way; a refusal names `field` and keeps nothing.
 * `rows` seals each document's text before the transaction; `insert` writes them in it.
 */
export async function storeRestoredFile(
  blobs: BlobStore,
  ownerId: string,
  body: Readable,
  field: string,
): Promise<RestoredFile> {
  const refuse = (message: string) => new AppError("validation_failed", { fields: { [field]: message } });
  const { stream, verdict } = inspectFile({
    refusal: (reason) =>
      refuse(
        reason === "empty"
          ? "errors:documents.file_empty"
          : reason === "size"
            ? "errors:documents.file_too_large"
            : "errors:documents.unsupported_type",
      ),
    maxBytes: LIMITS.uploadBytesMax,
    hash: true,
  });
  const reading = pipeline(body, stream);
  const blobId = randomUUID();
  try {
    await Promise.all([blobs.put(ownerId, blobId, stream), reading]);
  } catch (error) {
    await reading.catch(() => {});
    await blobs.delete(ownerId, blobId);
    throw error;
  }
  const found = verdict();
  if (found === undefined || found.sha256 === null) {
    await blobs.delete(ownerId, blobId);
    throw refuse("errors:documents.unsupported_type");
  }
  return { blobId, contentType: found.contentType, size: found.size, sha256: found.sha256 };
}

export async function restoredDocumentRows(
  dataKeys: DataKeys,
  ownerId: string,
  documents: readonly RestoredDocument[],
): Promise<DocumentTable[]> {
  const rows: DocumentTable[] = [];
  for (const document of documents) {
    rows.push({
      ...NO_TEXT,
      ...(await sealDocumentText(dataKeys, ownerId, document.id, {
        fileName: document.fileName,
        description: document.description,
        lastName: document.lastName,
      })),
      id: document.id,
      owner_id: ownerId,
      module: document.module,
      type: document.type,
      content_type: document.file?.contentType ?? null,
      size: document.file?.size ?? null,
      blob_id: document.file?.blobId ?? null,
      assigned_module: document.assignedModule,
      assigned_type: document.assignedType,
      assigned_custom_position: document.assignedCustomPosition,
      assigned_document: document.assignedDocument,
      pending_since: null,
      created_at: document.createTime,
      updated_at: document.updateTime,
    });
  }
  return rows;
}

export async function insertDocumentRows(trx: Kysely<DB>, rows: readonly DocumentTable[]): Promise<void> {
  const documents = documentRepository(trx);
  for (const row of rows) await documents.insert(row);
}

/** Whether the owner has any document (an import goes only into an empty file). */
export async function ownerHasDocuments(db: Kysely<DB>, ownerId: string): Promise<boolean> {
  const documents = documentRepository(db);
  for (const module of DOCUMENT_MODULES) {
    if ((await documents.countByType(ownerId, module)).length > 0) return true;
  }
  return false;
}
