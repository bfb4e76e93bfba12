import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DocumentTable } from "../../db/schema.ts";

/**
 * A document's free text (file name, description, last name) is encrypted at rest under its
 * owner's data key, each field bound to its owner, document and field: a ciphertext copied to
 * another document, field or account does not open. Every reader of document rows opens them here.
 */

/** The metadata a user typed about a document, in clear. */
export type DocumentText = {
  fileName: string | null;
  description: string | null;
  lastName: string | null;
};

type TextField = keyof DocumentText;

const COLUMNS = {
  fileName: { clear: "file_name", sealed: "file_name_enc" },
  description: { clear: "description", sealed: "description_enc" },
  lastName: { clear: "last_name", sealed: "last_name_enc" },
} as const satisfies Record<TextField, { clear: keyof DocumentTable; sealed: keyof DocumentTable }>;

const FIELDS = Object.keys(COLUMNS) as TextField[];

type ClearColumn = (typeof COLUMNS)[TextField]["clear"];
type SealedColumn = (typeof COLUMNS)[TextField]["sealed"];

/** A document row with its text opened: the only shape presenters and downloads take. */
export type OpenedDocument = Omit<DocumentTable, ClearColumn | SealedColumn> & DocumentText;

/** The columns that store some of a document's text: sealed, with the clear ones emptied. */
export type SealedText = Partial<Pick<DocumentTable, ClearColumn | SealedColumn>>;

function aad(id: string, field: TextField): string {
  return `document.${field}:${id}`;
}

/** A document with no text: every text column empty. */
export const NO_TEXT: Pick<DocumentTable, ClearColumn | SealedColumn> = {
  file_name_enc: null,
  description_enc: null,
  last_name_enc: null,
  file_name: null,
  description: null,
  last_name: null,
};

function sealField(
  dataKeys: DataKeys,
  ownerId: string,
  id: string,
  field: TextField,
  value: string | null,
): Promise<Uint8Array | null> {
  return value === null ? Promise.resolve(null) : dataKeys.encryptFor(ownerId, value, aad(id, field));
}

/** The given fields of one document's text, sealed for its row (fields left out are not touched). */
export async function sealDocumentText(
  dataKeys: DataKeys,
  ownerId: string,
  id: string,
  text: Partial<DocumentText>,
): Promise<SealedText> {
  const columns: SealedText = {};
  for (const field of FIELDS) {
    const value = text[field];
    if (value === undefined) continue;
    const { clear, sealed } = COLUMNS[field];
    columns[sealed] = await sealField(dataKeys, ownerId, id, field, value);
    columns[clear] = null;
  }
  return columns;
}

/** An uploaded file's name, sealed for its document's row. */
export async function sealFileName(
  dataKeys: DataKeys,
  ownerId: string,
  id: string,
  fileName: string,
): Promise<Pick<DocumentTable, "file_name_enc" | "file_name">> {
  return { file_name_enc: await sealField(dataKeys, ownerId, id, "fileName", fileName), file_name: null };
}

async function openField(dataKeys: DataKeys, row: DocumentTable, field: TextField): Promise<string | null> {
  const { clear, sealed } = COLUMNS[field];
  const ciphertext = row[sealed];
  // A row saved before its text was encrypted, not yet reached by the start-up job.
  if (ciphertext === null) return row[clear];
  return (await dataKeys.decryptFor(row.owner_id, ciphertext, aad(row.id, field))).toString("utf8");
}

/** One document row with its text in clear; throws DecryptionError for a tampered or moved ciphertext. */
export async function openDocument(dataKeys: DataKeys, row: DocumentTable): Promise<OpenedDocument> {
  const {
    file_name_enc: _fileNameEnc,
    description_enc: _descriptionEnc,
    last_name_enc: _lastNameEnc,
    file_name: _fileName,
    description: _description,
    last_name: _lastName,
    ...plain
  } = row;
  const [fileName, description, lastName] = await Promise.all(
    FIELDS.map((field) => openField(dataKeys, row, field)),
  );
  return {
    ...plain,
    fileName: fileName ?? null,
    description: description ?? null,
    lastName: lastName ?? null,
  };
}

/** Many rows, in their order. */
export function openDocuments(dataKeys: DataKeys, rows: readonly DocumentTable[]): Promise<OpenedDocument[]> {
  return Promise.all(rows.map((row) => openDocument(dataKeys, row)));
}

/** The clear text a row still holds (saved before encryption), field by field: what the start-up job seals. */
export function legacyTextOf(row: DocumentTable): { field: TextField; column: ClearColumn; value: string }[] {
  return FIELDS.flatMap((field) => {
    const column = COLUMNS[field].clear;
    const value = row[column];
    return value === null ? [] : [{ field, column, value }];
  });
}
