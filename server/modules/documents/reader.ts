import type { Kysely } from "kysely";
import { LIBRARY_TYPE } from "../../../domain/schemas/document.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { type OpenedDocument, openDocument, openDocuments } from "./metadata.ts";
import { documentRepository } from "./repository.ts";

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

    async findMany(ownerId: string, ids: readonly string[]): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.findMany(ownerId, ids));
    },

    async listByType(ownerId: string, module: string, type: string): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.listByType(ownerId, module, type));
    },

    async listOnRecords(ownerId: string): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.listOnRecords(ownerId, LIBRARY_TYPE));
    },

    async listAttachedTo(ownerId: string, recordId: string): Promise<OpenedDocument[]> {
      return openDocuments(dataKeys, await documents.listAttachedTo(ownerId, recordId));
    },
  };
}

export type DocumentReader = ReturnType<typeof documentReader>;
