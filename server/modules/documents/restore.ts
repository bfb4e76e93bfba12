import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { Transform, type TransformCallback } from "node:stream";
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
import { createFileTypeDetector, RefusedFileError } from "./file-type.ts";
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
  const detector = createFileTypeDetector();
  const hash = createHash("sha256");
  let size = 0;
  let contentType: UploadContentType | undefined;
  const refuse = (message: string) => new AppError("validation_failed", { fields: { [field]: message } });
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      size += chunk.length;
      if (size > LIMITS.uploadBytesMax) return done(refuse("errors:documents.file_too_large"));
      try {
        detector.write(chunk);
        hash.update(chunk);
        done(null, chunk);
      } catch (error) {
        done(error instanceof RefusedFileError ? refusalOf(error, refuse) : (error as Error));
      }
    },
    flush(done: TransformCallback) {
      try {
        contentType = detector.end();
        done();
      } catch (error) {
        done(error instanceof RefusedFileError ? refusalOf(error, refuse) : (error as Error));
      }
    },
  });
  const reading = pipeline(body, inspect);
  const blobId = randomUUID();
  try {
    await Promise.all([blobs.put(ownerId, blobId, inspect), reading]);
  } catch (error) {
    await reading.catch(() => {});
    await blobs.delete(ownerId, blobId);
    throw error;
  }
  if (contentType === undefined) {
    await blobs.delete(ownerId, blobId);
    throw refuse("errors:documents.unsupported_type");
  }
  return { blobId, contentType, size, sha256: hash.digest("hex") };
}

function refusalOf(error: RefusedFileError, refuse: (message: string) => AppError): AppError {
  return refuse(
    error.reason === "empty" ? "errors:documents.file_empty" : "errors:documents.unsupported_type",
  );
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
