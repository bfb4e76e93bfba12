import type { Kysely } from "kysely";
import {
  archivePathOf,
  FILE_EXPORT_FORMAT,
  FILE_EXPORT_VERSION,
  type FileSnapshot,
  type FileSnapshotDocument,
} from "../../../domain/schemas/file-export.ts";
import { CATEGORY_KEYS, isCategoryKey, secretFields } from "../../../domain/sections/index.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { addressReader } from "../addresses/index.ts";
import { commentReader } from "../comments/index.ts";
import { type DocumentDownload, documentReader, openDocumentFile } from "../documents/index.ts";
import { institutionReader } from "../institutions/index.ts";
import { personReader } from "../persons/index.ts";
import type { ListCache } from "../records/index.ts";
import { recordReader } from "../records/index.ts";
import { listShareDefinitions } from "../sharing/index.ts";

/** What reading the owner's whole file needs: the app's database, data keys and list cache. */
export type SnapshotDeps = { db: Kysely<DB>; dataKeys: DataKeys; listCache: ListCache };

export type { SnapshotSubject };

export type SnapshotOptions = {
  /**
   * Secret fields in clear (the declared secret fields of records, person.socialNumber); null when
   * false. The caller has checked the password was just confirmed, and logs the reading.
   */
  secrets: boolean;
  /** Which parts to keep (all by default): a binder for a nominee keeps what the grant shows. */
  include?: (subject: SnapshotSubject) => boolean;
  /** The snapshot's time (epoch ms). */
  now?: number;
};

/**
 * The owner's whole file, read once through each module's public reader: every person, address,
 * institution, record, document (metadata, and where its file lies in an archive), comment and
 * share definition. The one definition of "the owner's whole file": the export writes it, the
 * binder prints it. Files are not read here: `openSnapshotFile` streams one when it is wanted.
 * Comments follow their subject: a comment on a left-out person or record is left out too.
 */
export async function readFileSnapshot(
  deps: SnapshotDeps,
  ownerId: string,
  options: SnapshotOptions,
): Promise<FileSnapshot> {
  const { db, dataKeys } = deps;
  const include = options.include ?? (() => true);
  const [persons, addresses, institutions, opened, documents, comments, nominees] = await Promise.all([
    personReader(db, dataKeys).listAll(ownerId, { revealSocialNumber: options.secrets }),
    addressReader(db).listAll(ownerId),
    institutionReader(db).listAll(ownerId),
    recordReader(deps).openedIn(ownerId, CATEGORY_KEYS),
    documentReader(db, dataKeys).listAll(ownerId),
    commentReader(db, dataKeys).listAll(ownerId),
    listShareDefinitions(db, ownerId),
  ]);

  const keptPersons = persons
    .filter((person) => include({ kind: "person", id: person.id, group: person.group }))
    .map((person) =>
      options.secrets ? person : { ...person, mainDetails: { ...person.mainDetails, socialNumber: null } },
    );
  const records = opened
    .filter((record) => isCategoryKey(record.category))
    .filter((record) => include({ kind: "record", ...record }))
    .sort((a, b) => a.createTime - b.createTime || a.id.localeCompare(b.id))
    .map((record) => ({
      ...record,
      body: options.secrets ? record.body : withoutSecrets(record.category, record.body),
    }));
  const subjects = new Set([
    ...keptPersons.map((person) => person.id),
    ...records.map((record) => record.id),
  ]);

  return {
    format: FILE_EXPORT_FORMAT,
    version: FILE_EXPORT_VERSION,
    exportedAt: options.now ?? Date.now(),
    secrets: options.secrets,
    persons: keptPersons,
    addresses: addresses.filter((address) => include({ kind: "address", id: address.id })),
    institutions: institutions.filter((institution) => include({ kind: "institution", id: institution.id })),
    records,
    documents: documents
      .map(
        (document): FileSnapshotDocument => ({
          id: document.id,
          module: document.module,
          type: document.type,
          fileName: document.fileName,
          description: document.description,
          lastName: document.lastName,
          assignedModule: document.assigned_module,
          assignedType: document.assigned_type,
          assignedCustomPosition: document.assigned_custom_position,
          assignedDocument: document.assigned_document,
          createTime: Number(document.created_at),
          updateTime: Number(document.updated_at),
          file:
            document.blob_id === null || document.content_type === null
              ? null
              : {
                  path: archivePathOf(document.id, document.fileName),
                  contentType: document.content_type,
                  size: Number(document.size ?? 0),
                },
        }),
      )
      .filter((document) => include({ kind: "document", ...document }))
      .sort((a, b) => a.createTime - b.createTime || a.id.localeCompare(b.id)),
    comments: comments
      .filter((comment) => subjects.has(comment.subjectId) && include({ kind: "comment", ...comment }))
      .map(({ authorId: _author, ...comment }) => comment),
    nominees: nominees.filter((nominee) => include({ kind: "nominee", id: nominee.id })),
  };
}

/** A record's body with its declared secret fields emptied. */
function withoutSecrets<T extends Record<string, unknown>>(category: string, body: T): T {
  if (!isCategoryKey(category)) return body;
  const emptied = Object.fromEntries(
    secretFields(category)
      .filter((field) => body[field.key] !== undefined)
      .map((field) => [field.key, null]),
  );
  return { ...body, ...emptied };
}

/**
 * One document's file, decrypted, as a stream: what the export copies into its archive and the
 * binder appends. 404 when the owner has no such document or it has no file.
 */
export async function openSnapshotFile(
  deps: { db: Kysely<DB>; dataKeys: DataKeys; blobs: BlobStore },
  ownerId: string,
  documentId: string,
): Promise<DocumentDownload> {
  const document = await documentReader(deps.db, deps.dataKeys).find(ownerId, documentId);
  if (document === undefined) throw new AppError("not_found");
  return openDocumentFile(deps.blobs, document);
}
