import type { RecordChangeHook } from "../records/service.ts";

/**
 * A file attached while a record is being added is stored before the record exists, so it cannot
 * name it yet. Once the record is saved, the documents its documents fields hold are linked to it
 * (assigned_document), so the library can lead from each file to its record.
 */
export function attachedDocumentsLinker(): RecordChangeHook {
  return {
    async saved(trx, ownerId, recordId, category, body) {
      const ids = category.fields
        .filter((field) => field.type === "documents")
        .flatMap((field) => {
          const value = body[field.key];
          return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
        });
      if (ids.length === 0) return;
      await trx
        .updateTable("document")
        .set({ assigned_document: recordId })
        .where("owner_id", "=", ownerId)
        .where("id", "in", ids)
        // Only the files added through this record's own form (stored under its category): a file
        // filed elsewhere that a record merely names stays where it is, and so does who may see it.
        .where("module", "=", category.module)
        .where("type", "=", category.key)
        .where("assigned_document", "is", null)
        .execute();
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
