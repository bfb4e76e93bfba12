import type { Kysely } from "kysely";
import { LIBRARY_TYPE } from "../../../domain/catalog/documents.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import type { DB } from "../../db/schema.ts";
import type { FileChanges } from "../../file/changes.ts";
import { deleteCommentsOf } from "../comments/index.ts";
import { recordRepository } from "./repository.ts";

/**
 * The records module's public face for the Document Library (the documents module): a library
 * entry's record and its comments go with the entry, in the caller's transaction, and its delete
 * is published there as the records' own delete is (its reminders and search terms go too). Only a
 * documentlibrary record: the entry's assignedDocument is the client's word.
 */
export async function deleteLibraryRecord(
  trx: Kysely<DB>,
  ownerId: string,
  recordId: string,
  changes: FileChanges,
): Promise<void> {
  const records = recordRepository(trx);
  if ((await records.find(ownerId, LIBRARY_TYPE, recordId)) === undefined) return;
  await deleteCommentsOf(trx, ownerId, "record", recordId);
  await records.delete(ownerId, recordId);
  const category = categoryDef(LIBRARY_TYPE);
  await changes.publish(trx, { kind: "record", operation: "deleted", ownerId, id: recordId, category });
}
