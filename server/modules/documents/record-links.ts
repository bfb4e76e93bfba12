import type { FileChanges, TransactionSubscriber } from "../../file/changes.ts";
import { documentRepository } from "./repository.ts";

/**
 * A file attached in a record's form is stored before the record is saved, as a pending upload
 * that names no record and is listed nowhere. Once the record is saved, the documents its
 * documents fields hold are linked to it (assigned_document) and stop being pending, so the
 * library lists them and leads from each file to its record; each document linked is published
 * as saved in turn (the search index follows).
 */
export function attachedDocumentsLinker(changes: FileChanges): TransactionSubscriber {
  return async (trx, change) => {
    if (change.kind !== "record") return;
    const { ownerId, id: recordId, category } = change;
    if (change.operation === "deleted") {
      // The files outlive their record (nothing the owner kept is lost with it): unlinked, the
      // library shows them under the record's category.
      await trx
        .updateTable("document")
        .set({ assigned_document: null })
        .where("owner_id", "=", ownerId)
        .where("assigned_document", "=", recordId)
        .execute();
      return;
    }
    const { body } = change;
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
    for (const id of linked)
      await changes.publish(trx, { kind: "document", operation: "saved", ownerId, id });
  };
}
