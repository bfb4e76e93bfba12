import type { DocumentInput, DocumentListItem, DocumentRecord } from "../../../domain/schemas/document.ts";
import type { DocumentTable } from "../../db/schema.ts";
import type { DocumentText, OpenedDocument } from "./metadata.ts";

/**
 * Which fields of a document leave the server, and how saved metadata maps to its row. Only the
 * owner and the nominees of released shares read these; the file itself leaves through the
 * download routes alone.
 */

/** The plain columns of saved metadata; its text is sealed apart (metadata.ts). */
export type DocumentColumns = Pick<
  DocumentTable,
  "module" | "type" | "assigned_module" | "assigned_type" | "assigned_custom_position" | "assigned_document"
>;

export function toColumns(input: DocumentInput): DocumentColumns {
  return {
    module: input.module,
    type: input.type,
    assigned_module: input.assignedModule,
    assigned_type: input.assignedType,
    assigned_custom_position: input.assignedCustomPosition,
    assigned_document: input.assignedDocument,
  };
}

/** The text of saved metadata, sealed apart from its other columns. */
export function textOf(input: DocumentInput): Pick<DocumentText, "description" | "lastName"> {
  return { description: input.description, lastName: input.lastName };
}

export function toListItem(row: OpenedDocument): DocumentListItem {
  return {
    id: row.id,
    module: row.module,
    type: row.type,
    fileName: row.fileName,
    lastName: row.lastName,
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

export function toDocumentRecord(row: OpenedDocument): DocumentRecord {
  return {
    ...toListItem(row),
    filename: row.fileName,
    createTime: row.created_at,
    updateTime: row.updated_at,
  };
}
