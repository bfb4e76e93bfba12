import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { BlobReferences } from "../../storage/leftovers.ts";
import { documentRepository } from "./repository.ts";

/**
 * The module's public face for the leftovers' sweep (server/storage/leftovers.ts): which of an
 * account's blobs a document holds. Documents are the only rows that name blobs; a blob none holds
 * was stored by a process that died before saving its document, or was replaced by one that died
 * before deleting it.
 */
export function documentBlobReferences(db: Kysely<DB>): BlobReferences {
  const documents = documentRepository(db);
  return (ownerId, blobIds) => documents.heldBlobIds(ownerId, blobIds);
}
