import type { ChangeHook } from "../../db/change-hook.ts";
import type { RecordChangeHook } from "../records/service.ts";
import { documentRepository } from "./repository.ts";

/**
 * A file attached in a record's form is stored before the record is saved, as a pending upload
 * that names no record and is listed nowhere. Once the record is saved, the documents its
 * documents fields hold are linked to it (assigned_document) and stop being pending, so the
 * library lists them and leads from each file to its record; `documentChanges` (the search index)
 * is told of each document linked.
 */
export function attachedDocumentsLinker(documentChanges: readonly ChangeHook[] = []): RecordChangeHook {
  return {
    async saved(trx, ownerId, recordId, category, body) {
      const ids = category.fields
        .filter((field) => field.type === "documents")
        .flatMap((field) => {
          const value = body[field.key];
          return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
        });
      if (ids.length === 0) return;
      // Only the files added through this record's own form (stored under its category): a file
      // filed elsewhere that a record merely names stays where it is, and so does who may see it.
      const linked = await documentRepository(trx).linkToRecord(ownerId, recordId, category, ids);
      for (const id of linked) for (const hook of documentChanges) await hook.saved(trx, ownerId, id);
    },
    // The files outlive their record (nothing the owner kept is lost with it): unlinked, the
    // library shows them under the record's category.
    async deleted(trx, ownerId, recordId) {
      await trx
        .updateTable("document")
        .set({ assigned_document: null })
        .where("owner_id", "=", ownerId)
        .where("assigned_document", "=", recordId)
        .execute();
    },
  };
}
