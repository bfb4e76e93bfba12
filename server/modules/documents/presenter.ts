import type { DocumentInput, DocumentListItem, DocumentRecord } from "../../../domain/schemas/document.ts";
import type { DocumentTable } from "../../db/schema.ts";

/**
 * Which fields of a document leave the server, and how saved metadata maps to its row. Only the
 * owner ever reads these; the file itself leaves through the download route alone.
 */

export type DocumentColumns = Pick<
  DocumentTable,
  | "module"
  | "type"
  | "description"
  | "last_name"
  | "assigned_module"
  | "assigned_type"
  | "assigned_custom_position"
  | "assigned_document"
>;

export function toColumns(input: DocumentInput): DocumentColumns {
  return {
    module: input.module,
    type: input.type,
    description: input.description,
    last_name: input.lastName,
    assigned_module: input.assignedModule,
    assigned_type: input.assignedType,
    assigned_custom_position: input.assignedCustomPosition,
    assigned_document: input.assignedDocument,
  };
}

export function toListItem(row: DocumentTable): DocumentListItem {
  return {
    id: row.id,
    module: row.module,
    type: row.type,
    fileName: row.file_name,
    lastName: row.last_name,
    description: row.description,
    assignedModule: row.assigned_module,
    assignedType: row.assigned_type,
    assignedCustomPosition: row.assigned_custom_position,
    assignedDocument: row.assigned_document,
    date: row.created_at,
    contentType: row.content_type,
    size: row.size,
  };
}

export function toDocumentRecord(row: DocumentTable): DocumentRecord {
  return {
    ...toListItem(row),
    filename: row.file_name,
    createTime: row.created_at,
    updateTime: row.updated_at,
  };
}
