import type { Kysely } from "kysely";
import { LIBRARY_TYPE } from "../../../domain/catalog/documents.ts";
import type { DB } from "../../db/schema.ts";
import { deleteCommentsOf } from "../comments/subject-comments.ts";
import { recordRepository } from "./repository.ts";
import type { RecordChangeHook } from "./service.ts";

/**
 * The records module's public face for the Document Library (the documents module): a library
 * entry's record and its comments go with the entry, in the caller's transaction, and the record
 * hooks are told there as a delete tells them (its reminders and search terms go too). Only a
 * documentlibrary record: the entry's assignedDocument is the client's word.
 */
export async function deleteLibraryRecord(
  trx: Kysely<DB>,
  ownerId: string,
  recordId: string,
  hooks: readonly RecordChangeHook[],
): Promise<void> {
  const records = recordRepository(trx);
  if ((await records.find(ownerId, LIBRARY_TYPE, recordId)) === undefined) return;
  await deleteCommentsOf(trx, ownerId, "record", recordId);
  await records.delete(ownerId, recordId);
  for (const hook of hooks) await hook.deleted(trx, ownerId, recordId);
}
