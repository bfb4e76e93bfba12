import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { LIBRARY_MODULE, LIBRARY_TYPE } from "../../../domain/catalog/documents.ts";
import type {
  DocumentCounts,
  DocumentInput,
  DocumentListItem,
  DocumentRecord,
} from "../../../domain/schemas/document.ts";
import type { Actor } from "../../auth/access.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, DocumentTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { deleteLibraryRecord } from "../records/index.ts";
import { NO_TEXT, openDocument, sealDocumentText, sealFileName } from "./metadata.ts";
import { deletePendingUpload } from "./pending-uploads.ts";
import { type FiledAddress, isAt, isFiledAt } from "./policy.ts";
import { textOf, toColumns, toDocumentRecord, toListItem } from "./presenter.ts";
import { type DocumentDownload, documentReader, openDocumentFile } from "./reader.ts";
import { documentRepository, NO_FILE } from "./repository.ts";
import { receiveUpload } from "./upload.ts";

/** Where a route finds one document: its module and type as the path names them, and its id. */
export type DocumentAddress = { module: string; type: string; id: string };

export function createDocumentService(options: {
  db: Kysely<DB>;
  blobs: BlobStore;
  dataKeys: DataKeys;
  log: FastifyBaseLogger;
  /**
   * Where every change of a document's text and every delete is published, in its transaction (the
   * search index), and a library entry's record deleted with the entry.
   */
  changes: FileChanges;
}) {
  const { db, blobs, dataKeys, log, changes } = options;
  async function changed(trx: Kysely<DB>, ownerId: string, id: string): Promise<void> {
    await changes.publish(trx, { kind: "document", operation: "saved", ownerId, id });
  }
  const documents = documentRepository(db);
  const reader = documentReader(db, dataKeys);
  const open = (row: DocumentTable) => openDocument(dataKeys, row);

  async function find(actor: Actor, at: DocumentAddress): Promise<DocumentTable> {
    const row = await documents.find(actor.userId, at.id);
    if (row === undefined || !isAt(row, at.module, at.type)) throw new AppError("not_found");
    return row;
  }

  /** A blob no document points at any more; failing to remove it must not fail the request. */
  async function discard(ownerId: string, blobId: string | null): Promise<void> {
    if (blobId === null) return;
    try {
      await blobs.delete(ownerId, blobId);
    } catch (error) {
      log.error({ err: error, blobId }, "could not delete a replaced or removed blob");
    }
  }

  /**
   * Points the document at a new file (or none) and deletes the blob it held. Retries when another
   * upload or removal changed the file in between, so the last writer wins and no blob is left
   * without its document.
   */
  async function swapFile(
    ownerId: string,
    row: DocumentTable,
    file: typeof NO_FILE,
  ): Promise<DocumentTable | undefined> {
    let current: DocumentTable | undefined = row;
    while (current !== undefined) {
      const { blob_id: held, id } = current;
      // The swap and what derives from it commit together; the old blob goes once they did.
      const swapped = await changes.transaction(db, async (trx) => {
        const done = await documentRepository(trx).swapFile(ownerId, id, held, file, Date.now());
        if (done !== undefined) await changed(trx, ownerId, id);
        return done;
      });
      if (swapped !== undefined) {
        await discard(ownerId, held);
        return swapped;
      }
      current = await documents.find(ownerId, current.id);
    }
    return undefined;
  }

  return {
    /** POST /api/documents: creates a document, or changes the caller's document named by id; answers the id. */
    async save(actor: Actor, input: DocumentInput): Promise<string> {
      const ownerId = actor.userId;
      const now = Date.now();
      if (input.id !== null) {
        const existing = await documents.find(ownerId, input.id);
        if (existing === undefined) throw new AppError("not_found");
        // The stored file's name comes with its upload: metadata without a name keeps it.
        const keepsName = existing.blob_id !== null && input.fileName === null;
        const text = keepsName ? textOf(input) : { ...textOf(input), fileName: input.fileName };
        const updates = {
          ...toColumns(input),
          ...(await sealDocumentText(dataKeys, ownerId, input.id, text)),
          updated_at: now,
        };
        const { id } = input;
        await changes.transaction(db, async (trx) => {
          if (!(await documentRepository(trx).update(ownerId, id, updates))) throw new AppError("not_found");
          await changed(trx, ownerId, id);
        });
        return id;
      }
      const id = randomUUID();
      const text = await sealDocumentText(dataKeys, ownerId, id, {
        ...textOf(input),
        fileName: input.fileName,
      });
      await changes.transaction(db, async (trx) => {
        await documentRepository(trx).insert({
          ...toColumns(input),
          ...(input.pending ? { assigned_document: null } : {}),
          pending_since: input.pending ? now : null,
          ...NO_FILE,
          ...NO_TEXT,
          ...text,
          id,
          owner_id: ownerId,
          created_at: now,
          updated_at: now,
        });
        await changed(trx, ownerId, id);
      });
      return id;
    },

    async get(actor: Actor, at: DocumentAddress): Promise<DocumentRecord> {
      return toDocumentRecord(await open(await find(actor, at)));
    },

    async list(actor: Actor, module: string, type: string): Promise<DocumentListItem[]> {
      return (await reader.listByType(actor.userId, module, type)).map(toListItem);
    },

    /** The documents attached to the owner's records, for the library beside its own entries. */
    async onRecords(actor: Actor): Promise<DocumentListItem[]> {
      return (await reader.listOnRecords(actor.userId)).map(toListItem);
    },

    async attachedTo(actor: Actor, recordId: string): Promise<DocumentListItem[]> {
      return (await reader.listAttachedTo(actor.userId, recordId)).map(toListItem);
    },

    async counts(actor: Actor, module: string): Promise<DocumentCounts> {
      const rows = await documents.countByType(actor.userId, module);
      return Object.fromEntries(rows.map((row) => [row.type, row.count]));
    },

    /** The documents of `module` filed under `subtype`'s category `type`, keyed by that type. */
    async countAssigned(
      actor: Actor,
      module: string,
      subtype: string,
      type: string,
    ): Promise<DocumentCounts> {
      return { [type]: await documents.countAssigned(actor.userId, module, subtype, type) };
    },

    /**
     * Stores the request's file as the document's file, replacing the one it had. The document is
     * looked up before a byte of the body is read; a refused or broken upload changes nothing.
     */
    async upload(actor: Actor, at: DocumentAddress, request: FastifyRequest): Promise<DocumentRecord> {
      const ownerId = actor.userId;
      const row = await find(actor, at);
      const file = await receiveUpload(request, { blobs, ownerId });
      const updated = await swapFile(ownerId, row, {
        blob_id: file.blobId,
        ...(await sealFileName(dataKeys, ownerId, row.id, file.fileName)),
        content_type: file.contentType,
        size: file.size,
      });
      if (updated === undefined) {
        // The document was deleted while its file streamed in.
        await discard(ownerId, file.blobId);
        throw new AppError("not_found");
      }
      return toDocumentRecord(await open(updated));
    },

    async download(actor: Actor, at: DocumentAddress): Promise<DocumentDownload> {
      return openDocumentFile(blobs, await open(await find(actor, at)));
    },

    /** The same file, reached through the category the document is filed under. */
    async downloadFiled(actor: Actor, at: FiledAddress): Promise<DocumentDownload> {
      const row = await documents.find(actor.userId, at.id);
      if (row === undefined || !isFiledAt(row, at)) throw new AppError("not_found");
      return openDocumentFile(blobs, await open(row));
    },

    /** Removes the document's file, if it is still the one named, and keeps the document. */
    async removeFile(actor: Actor, at: DocumentAddress, fileName: string): Promise<void> {
      const row = await find(actor, at);
      if (row.blob_id === null || (await open(row)).fileName !== fileName) throw new AppError("not_found");
      await swapFile(actor.userId, row, NO_FILE);
    },

    /**
     * Removes a pending upload and its file (its record's form was left unsaved). Nothing happens
     * to a document that is not pending (its record's save linked it) or not there: the form asks
     * on every exit without knowing. Never indexed, so search has nothing to forget.
     */
    async discardPending(actor: Actor, id: string): Promise<void> {
      const gone = await deletePendingUpload(db, changes, actor.userId, id);
      if (gone !== undefined) await discard(actor.userId, gone.blobId);
    },

    /**
     * Removes the document and its file; a Document Library entry's record goes with it (its
     * `inventory/documentlibrary` record, named by assignedDocument), in the same transaction.
     */
    async remove(actor: Actor, at: DocumentAddress): Promise<void> {
      const row = await find(actor, at);
      const deleted = await changes.transaction(db, async (trx) => {
        const gone = await documentRepository(trx).delete(actor.userId, at.id);
        if (gone !== undefined && isAt(row, LIBRARY_MODULE, LIBRARY_TYPE) && row.assigned_document !== null) {
          await deleteLibraryRecord(trx, actor.userId, row.assigned_document, changes);
        }
        if (gone !== undefined) {
          await changes.publish(trx, {
            kind: "document",
            operation: "deleted",
            ownerId: actor.userId,
            id: at.id,
          });
        }
        return gone;
      });
      if (deleted === undefined) throw new AppError("not_found");
      await discard(actor.userId, deleted.blobId);
    },
  };
}
