import type { RecordBody } from "../../../domain/sections/schema.ts";
import { deleteRecord, saveRecord } from "../records/recordsApi.ts";
import {
  type DocumentItem,
  type DocumentMetadata,
  deleteDocument,
  LIBRARY_MODULE,
  LIBRARY_TYPE,
  saveDocument,
} from "./api.ts";

/**
 * A Document Library entry is two things the server keeps apart: the document (its file and the
 * metadata lists show) and the inventory/documentlibrary record that carries the entry's details
 * (document type, reminder date, where the original is kept) and counts on the Inventory page.
 * The document's assignedDocument is the record's id; the record's documents field holds the
 * document's id. See README.md, "Inventory add flow".
 */

/** The form's details, as both the document and its record store them. */
export type LibraryDetails = {
  description: string;
  lastName: string;
  libraryDocType: string;
  assignedModule: string;
  assignedType: string;
};

function documentMetadata(details: LibraryDetails, id?: string, recordId?: string): DocumentMetadata {
  return {
    ...(id === undefined ? {} : { id }),
    module: LIBRARY_MODULE,
    type: LIBRARY_TYPE,
    description: details.description.trim(),
    lastName: details.lastName.trim(),
    ...(details.assignedModule ? { assignedModule: details.assignedModule } : {}),
    ...(details.assignedType ? { assignedType: details.assignedType } : {}),
    ...(recordId === undefined ? {} : { assignedDocument: recordId }),
  };
}

/** The record's body: the stored one (when there is one) with the form's details over it. */
function libraryRecordBody(details: LibraryDetails, documentId: string, stored: RecordBody = {}): RecordBody {
  const documents = Array.isArray(stored.documents) ? (stored.documents as string[]) : [];
  return {
    ...stored,
    description: details.description.trim(),
    libraryDocType: details.libraryDocType,
    assignedModule: details.assignedModule || null,
    assignedType: details.assignedType || null,
    documents: documents.includes(documentId) ? documents : [...documents, documentId],
  };
}

/** Thrown when a step failed and what it had created was removed again. */
export class LibraryEntryError extends Error {
  override name = "LibraryEntryError";
  /** "upload" when the file was refused (its own message was already shown), else "save". */
  readonly step: "save" | "upload";
  constructor(step: "save" | "upload", cause: unknown) {
    super(`the library entry could not be saved at step ${step}`, { cause });
    this.step = step;
  }
}

/**
 * The spec's inventory add flow: post the document, post its record (with the document in its
 * documents field), point the document at the record (assignedDocument), upload the file. When a
 * step fails, what the earlier steps created is deleted again (the record, then the document,
 * whose deletion also removes any file), so a failure leaves no half entry behind.
 */
export async function addLibraryEntry(
  details: LibraryDetails,
  upload: (documentId: string) => Promise<DocumentItem | null>,
): Promise<string> {
  let documentId: string | undefined;
  let recordId: string | undefined;
  let step: "save" | "upload" = "save";
  try {
    documentId = await saveDocument(documentMetadata(details));
    recordId = await saveRecord(
      LIBRARY_MODULE,
      LIBRARY_TYPE,
      undefined,
      libraryRecordBody(details, documentId),
    );
    await saveDocument(documentMetadata(details, documentId, recordId));
    step = "upload";
    if ((await upload(documentId)) === null) throw new Error("the upload failed");
    return documentId;
  } catch (error) {
    await undo(documentId, recordId);
    throw new LibraryEntryError(step, error);
  }
}

async function undo(documentId: string | undefined, recordId: string | undefined): Promise<void> {
  // Best effort: the first failure may be the network, which the clean-up would meet too.
  if (recordId !== undefined) await deleteRecord(LIBRARY_MODULE, LIBRARY_TYPE, recordId).catch(() => {});
  if (documentId !== undefined) {
    await deleteDocument({ module: LIBRARY_MODULE, type: LIBRARY_TYPE, id: documentId }).catch(() => {});
  }
}

/**
 * Saves an existing entry's details: its document, and its record, which an entry made before
 * records carried the library's details does not have yet: then it gets one, linked both ways.
 */
export async function saveLibraryEntry(
  details: LibraryDetails,
  documentId: string,
  record: { id: string; body: RecordBody } | null,
): Promise<void> {
  if (record !== null) {
    await saveRecord(
      LIBRARY_MODULE,
      LIBRARY_TYPE,
      record.id,
      libraryRecordBody(details, documentId, record.body),
    );
    await saveDocument(documentMetadata(details, documentId, record.id));
    return;
  }
  const recordId = await saveRecord(
    LIBRARY_MODULE,
    LIBRARY_TYPE,
    undefined,
    libraryRecordBody(details, documentId),
  );
  try {
    await saveDocument(documentMetadata(details, documentId, recordId));
  } catch (error) {
    await deleteRecord(LIBRARY_MODULE, LIBRARY_TYPE, recordId).catch(() => {});
    throw error;
  }
}
