import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { OWN_GROUP } from "../../../domain/catalog/relationships.ts";
import { ARCHIVE_LIMITS, type ArchiveLimits } from "../../../domain/limits.ts";
import { NICKNAME_MESSAGE, nicknameKey } from "../../../domain/schemas/address.ts";
import {
  FILE_EXPORT_FORMAT,
  FILE_EXPORT_VERSION,
  type FileExport,
  fileExportSchema,
  type ImportSummary,
} from "../../../domain/schemas/file-export.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Dialect } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { addressReader, addressRows, insertAddressRows } from "../addresses/index.ts";
import { insertCommentRows, restoredCommentRows } from "../comments/index.ts";
import {
  insertDocumentRows,
  ownerHasDocuments,
  type RestoredFile,
  restoredDocumentRows,
  storeRestoredFile,
} from "../documents/index.ts";
import { insertInstitutionRows, institutionReader, institutionRows } from "../institutions/index.ts";
import type { PhotoProcessor } from "../persons/index.ts";
import { ownPersonId, personReader, personRestore } from "../persons/index.ts";
import type { ListCache } from "../records/index.ts";
import {
  announceRestoredRecords,
  insertRecordRows,
  type ReferenceTarget,
  recordReader,
  recordRows,
  remapReferences,
} from "../records/index.ts";
import { insertShareDefinitions, listShareDefinitions, ownerEmailOf } from "../sharing/index.ts";
import { archiveRefusal, type OpenedArchive, openArchive } from "./archive.ts";

export type ImportDeps = {
  db: Kysely<DB>;
  dialect: Dialect;
  dataKeys: DataKeys;
  blobs: BlobStore;
  listCache: ListCache;
  photos: PhotoProcessor;
  /**
   * Where each restored record is published, in the import's transaction (reminders, documents'
   * links, search), then the whole file (the search index builds the owner's terms).
   */
  changes: FileChanges;
  limits?: ArchiveLimits;
  clock?: () => number;
};

/** A problem with the archive's content, named by its path in the JSON document. */
function contentRefusal(fields: Record<string, string>): AppError {
  return new AppError("validation_failed", { message: "errors:portability.invalid_content", fields });
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** The archive's parts whose entries are rows with an id of their own. */
const ROW_KINDS = [
  "persons",
  "addresses",
  "institutions",
  "records",
  "documents",
  "comments",
  "nominees",
] as const;

/** The indexes of the entries whose key an earlier entry already had (a null key repeats nothing). */
function repeatsOf<T>(
  entries: readonly T[],
  keyOf: (entry: T) => string | null,
  seen = new Set<string>(),
): number[] {
  const repeats: number[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = keyOf(entry);
    if (key === null) continue;
    if (seen.has(key)) repeats.push(index);
    seen.add(key);
  }
  return repeats;
}

/**
 * Checks the JSON document: ours (format), a version this server reads, then every part against
 * its schema (the same rules as the API's saves); and what the schema cannot see alone: ids unique,
 * one "me" at most, nicknames and nominee addresses unique.
 */
function checkedDocument(document: unknown): FileExport {
  const head = document as { format?: unknown; version?: unknown } | null;
  if (typeof head !== "object" || head === null || head.format !== FILE_EXPORT_FORMAT) {
    throw archiveRefusal("foreign_format");
  }
  if (head.version !== FILE_EXPORT_VERSION) {
    throw archiveRefusal("unknown_version", { version: String(head.version).slice(0, 20) });
  }
  const parsed = fileExportSchema.safeParse(document);
  if (!parsed.success) {
    // The first problems, by path: enough to say what is wrong without an answer of thousands.
    const fields = Object.fromEntries(
      parsed.error.issues.slice(0, 20).map((issue) => [pathOf(issue.path), issue.message]),
    );
    throw contentRefusal(fields);
  }
  const file = parsed.data;
  const problems: Record<string, string> = {};
  // Ids are unique across the parts: references name a row by its id alone.
  const ids = new Set<string>();
  for (const kind of ROW_KINDS) {
    const entries: readonly { id: string }[] = file[kind];
    for (const index of repeatsOf(entries, (entry) => entry.id, ids)) {
      problems[`${kind}.${index}.id`] = "errors:portability.duplicate_id";
    }
  }
  const own = file.persons.flatMap((person, index) => (person.group === OWN_GROUP ? [index] : []));
  for (const index of own.slice(1)) problems[`persons.${index}.group`] = "errors:network.me_exists";
  for (const index of repeatsOf(file.addresses, (address) => nicknameKey(address.name))) {
    problems[`addresses.${index}.name`] = NICKNAME_MESSAGE;
  }
  for (const index of repeatsOf(file.nominees, (nominee) => nominee.email)) {
    problems[`nominees.${index}.email`] = "errors:portability.duplicate_nominee";
  }
  for (const index of repeatsOf(file.documents, (document) => document.file?.path ?? null)) {
    problems[`documents.${index}.file.path`] = "errors:portability.duplicate_id";
  }
  if (Object.keys(problems).length > 0) throw contentRefusal(problems);
  return file;
}

/**
 * Whether the owner's file holds nothing an import could collide with: no address, institution,
 * record, document or nominee, and no person but their own "me" (which an import fills in).
 */
async function fileIsEmpty(
  deps: Pick<ImportDeps, "db" | "dataKeys" | "listCache">,
  ownerId: string,
): Promise<boolean> {
  const { db, dataKeys } = deps;
  const [addresses, institutions, persons, nominees] = await Promise.all([
    addressReader(db).listAll(ownerId),
    institutionReader(db).listAll(ownerId),
    personReader(db, dataKeys).linksOf(ownerId, "all"),
    listShareDefinitions(db, ownerId),
  ]);
  if (addresses.length + institutions.length + nominees.length > 0) return false;
  if (persons.length > ((await ownPersonId(db, ownerId)) === null ? 0 : 1)) return false;
  const records = recordReader(deps);
  for (const module of RECORD_MODULES) {
    if (Object.values(await records.countOf(ownerId, module)).some((count) => count > 0)) return false;
  }
  return !(await ownerHasDocuments(db, ownerId));
}

/** 409 unless the owner's file is empty: asked before an upload is read, and again as it is written. */
export async function assertImportable(
  deps: Pick<ImportDeps, "db" | "dataKeys" | "listCache">,
  ownerId: string,
): Promise<void> {
  if (!(await fileIsEmpty(deps, ownerId))) {
    throw new AppError("conflict", { message: "errors:portability.not_empty" });
  }
}

/**
 * Imports an export archive (the ZIP at `archivePath`) into the owner's file, all or nothing.
 *
 * Only into an empty file (409 otherwise): an import never merges into, duplicates or overwrites
 * what the owner already keeps; the account's own "me" person, made at sign-up, takes the
 * archive's "me". Every row gets a new id and every reference is rewritten (persons' addresses,
 * company and contacts, institutions' addresses, records' references, documents' records,
 * comments' subjects, nominees' persons); references to rows the archive lacks are dropped. Each
 * file is checked as an upload is (type, size), against the archive's SHA-256, and stored
 * encrypted before the one transaction that writes every row; if anything fails, the files
 * written are deleted and no row stays. Nominees come as share definitions nobody was invited to
 * (see sharing/share-definitions.ts): no mail is sent.
 */
export async function importFile(
  deps: ImportDeps,
  ownerId: string,
  archivePath: string,
): Promise<ImportSummary> {
  const clock = deps.clock ?? Date.now;
  await assertImportable(deps, ownerId);
  const archive = await openArchive(archivePath, deps.limits ?? ARCHIVE_LIMITS);
  const written: string[] = [];
  try {
    const file = checkedDocument(archive.document);
    checkFilesPresent(file, archive);
    const ownEmail = await ownerEmailOf(deps.db, ownerId);
    const self = file.nominees.findIndex((nominee) => nominee.email === ownEmail);
    if (self !== -1) throw contentRefusal({ [`nominees.${self}.email`]: "errors:sharing.own_email" });

    const ownId = await ownPersonId(deps.db, ownerId);
    const ids = new Map<string, string>();
    for (const kind of ROW_KINDS) {
      for (const entry of file[kind]) ids.set(entry.id, randomUUID());
    }
    // The archive's own person is the account's, when the account has one already.
    for (const person of file.persons) {
      if (person.group === OWN_GROUP && ownId !== null) ids.set(person.id, ownId);
    }
    const known = {
      person: new Set(file.persons.map((person) => person.id)),
      address: new Set(file.addresses.map((address) => address.id)),
      institution: new Set(file.institutions.map((institution) => institution.id)),
      record: new Set(file.records.map((record) => record.id)),
      document: new Set(file.documents.map((document) => document.id)),
    };
    /** The new id of a row of this kind in the archive; null when the archive has no such row. */
    const to = (target: ReferenceTarget, id: string | null): string | null =>
      id !== null && known[target].has(id) ? (ids.get(id) ?? null) : null;
    const newId = (id: string): string => ids.get(id) ?? id;
    const refs = (target: ReferenceTarget, list: readonly string[]) =>
      list.flatMap((id) => to(target, id) ?? []);

    const comments = file.comments.map((comment, index) => {
      const subject = to(comment.subjectKind, comment.subjectId);
      if (subject === null)
        throw contentRefusal({ [`comments.${index}.subjectId`]: "errors:portability.unknown_reference" });
      return { ...comment, id: newId(comment.id), subjectId: subject };
    });

    // Files first (outside any transaction: the blob store may be the database), each checked.
    const stored = new Map<string, RestoredFile>();
    for (const [index, document] of file.documents.entries()) {
      if (document.file === null) continue;
      const field = `documents.${index}.file`;
      const restored = await storeRestoredFile(
        deps.blobs,
        ownerId,
        await archive.openFile(document.file.path),
        field,
      );
      written.push(restored.blobId);
      if (restored.sha256 !== document.file.sha256 || restored.size !== document.file.size) {
        throw archiveRefusal("checksum_mismatch", { path: document.file.path.slice(0, 200) });
      }
      stored.set(document.id, restored);
    }

    // Everything sealed before the transaction: no key lookup runs while it holds the database.
    const persons = personRestore(deps);
    const preparedPersons = await persons.prepare(
      ownerId,
      file.persons.map((person) => ({
        ...person,
        id: newId(person.id),
        homeAddress: to("address", person.homeAddress),
        mailingAddress: to("address", person.mailingAddress),
        businessAddress: to("address", person.businessAddress),
        companyName: to("institution", person.companyName),
        iceDetails: { emergencyContacts: refs("person", person.iceDetails.emergencyContacts) },
        kinDetails: { emergencyContacts: refs("person", person.kinDetails.emergencyContacts) },
      })),
      (index, field) => `persons.${index}.${field}`,
    );
    const addresses = addressRows(
      ownerId,
      file.addresses.map((address) => ({ ...address, id: newId(address.id) })),
    );
    const institutions = institutionRows(
      ownerId,
      file.institutions.map((institution) => ({
        ...institution,
        id: newId(institution.id),
        address: to("address", institution.address),
      })),
    );
    const restoredRecords = file.records.map((record) => ({
      ...record,
      id: newId(record.id),
      body: remapReferences(record.category, record.body, (target, id) => to(target, id) ?? undefined),
    }));
    const records = await recordRows(deps.dataKeys, ownerId, restoredRecords);
    const documents = await restoredDocumentRows(
      deps.dataKeys,
      ownerId,
      file.documents.map((document) => ({
        ...document,
        id: newId(document.id),
        assignedDocument: to("record", document.assignedDocument),
        file: stored.get(document.id) ?? null,
      })),
    );
    const commentRows = await restoredCommentRows(deps.dataKeys, ownerId, comments);
    const nominees = file.nominees.map((nominee) => ({
      ...nominee,
      id: newId(nominee.id),
      personId: to("person", nominee.personId),
    }));

    await deps.changes.transaction(deps.db, async (trx) => {
      // Two imports into one account at once: the second waits here, then finds the file full.
      if (deps.dialect === "postgres") {
        await sql`select pg_advisory_xact_lock(hashtext(${`kinfile-import:${ownerId}`}))`.execute(trx);
      }
      await assertImportable({ ...deps, db: trx }, ownerId);
      await insertAddressRows(trx, addresses);
      await insertInstitutionRows(trx, institutions);
      await persons.insert(trx, ownerId, preparedPersons, ownId);
      await insertRecordRows(trx, records);
      await insertDocumentRows(trx, documents);
      // The records' reminders, links and terms commit with them, as a save's do.
      await announceRestoredRecords(trx, deps.changes, ownerId, restoredRecords);
      await insertCommentRows(trx, commentRows);
      if (!(await insertShareDefinitions(trx, ownerId, nominees, clock()))) {
        throw contentRefusal({ nominees: "errors:portability.duplicate_nominee" });
      }
      // What derives from the other rows (their search terms) commits with them too; the "me" the
      // import filled in is an existing row changed, where every other row is new.
      await deps.changes.publish(trx, { kind: "file", operation: "saved", ownerId, id: ownerId });
      if (ownId !== null && file.persons.some((person) => person.group === OWN_GROUP)) {
        await deps.changes.publish(trx, { kind: "person", operation: "saved", ownerId, id: ownId });
      }
    });
    written.length = 0;
    return {
      persons: file.persons.length,
      addresses: file.addresses.length,
      institutions: file.institutions.length,
      records: file.records.length,
      documents: file.documents.length,
      files: stored.size,
      comments: file.comments.length,
      nominees: file.nominees.length,
    };
  } finally {
    archive.close();
    for (const blobId of written) await deps.blobs.delete(ownerId, blobId).catch(() => {});
  }
}

/** Every file the document names is in the archive, and every file in the archive is named. */
function checkFilesPresent(file: FileExport, archive: OpenedArchive): void {
  const named = new Set<string>();
  for (const document of file.documents) {
    if (document.file === null) continue;
    if (!archive.filePaths.has(document.file.path)) {
      throw archiveRefusal("missing_file", { path: document.file.path.slice(0, 200) });
    }
    named.add(document.file.path);
  }
  for (const path of archive.filePaths) {
    if (!named.has(path)) throw archiveRefusal("unexpected_entry", { path: path.slice(0, 200) });
  }
}
