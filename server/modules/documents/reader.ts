import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { LIBRARY_TYPE } from "../../../domain/catalog/documents.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { BlobNotFoundError, type BlobStore } from "../../storage/blob-store.ts";
import { type OpenedDocument, openDocument, openDocuments } from "./metadata.ts";
import { documentRepository } from "./repository.ts";

export type DocumentDownload = {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
};

/** A document's file, streamed from the blob store as its owner stored it; 404 when it has none. */
export async function openDocumentFile(blobs: BlobStore, row: OpenedDocument): Promise<DocumentDownload> {
  if (row.blob_id === null || row.content_type === null) throw new AppError("not_found");
  try {
    return {
      fileName: row.fileName ?? "file",
      contentType: row.content_type,
      size: row.size ?? 0,
      body: await blobs.get(row.owner_id, row.blob_id),
    };
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw new AppError("not_found", { cause: error });
    throw error;
  }
}

/**
 * One owner's documents with their text in clear, for everything that shows documents: the
 * owner's routes, a released nominee's reads and the names a record's documents field resolves to.
 */
export function documentReader(db: Kysely<DB>, dataKeys: DataKeys) {
  const documents = documentRepository(db);
  return {
    async find(ownerId: string, id: string): Promise<OpenedDocument | undefined> {
      const row = await documents.find(ownerId, id);
      return row === undefined ? undefined : openDocument(dataKeys, row);
    },

    /** One of the owner's documents, only where a path places it (its module and type); never a pending upload. */
    async findAt(
      ownerId: string,
      id: string,
      at: { module?: string; type: string },
    ): Promise<OpenedDocument | undefined> {
      const row = await documents.find(ownerId, id);
      if (
        row === undefined ||
        row.pending_since !== null ||
        row.type !== at.type ||
        (at.module !== undefined && row.module !== at.module)
      )
        return undefined;
      return openDocument(dataKeys, row);
    },

    async findMany(ownerId: string, ids: readonly string[]): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.findMany(ownerId, ids));
    },

    async listByType(ownerId: string, module: string, type: string): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.listByType(ownerId, module, type));
    },

    async listOnRecords(ownerId: string): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.listOnRecords(ownerId, LIBRARY_TYPE));
    },

    /** Every one of the owner's documents (the owner's whole file: server/modules/portability). */
    async listAll(ownerId: string): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.listAll(ownerId));
    },

    async listAttachedTo(ownerId: string, recordId: string): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.listAttachedTo(ownerId, recordId));
    },
  };
}

export type DocumentReader = ReturnType<typeof documentReader>;
