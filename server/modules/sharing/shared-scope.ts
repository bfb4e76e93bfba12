import { scopeIncludesDocument } from "../../../domain/schemas/share.ts";
import type { FileScopes, ScopeCoverage } from "../../file/scope-coverage.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import type { RecordReader } from "../records/index.ts";
import { namedByRecord } from "../records/index.ts";
import type { ReleasedGrant } from "./released-grant.ts";

/**
 * What a grant makes visible: what its scope covers of the owner's file, by each kind's sharing
 * rule (server/file/scope-coverage.ts), the one rule the reads, the searches and the binder share.
 */

/** What the grant covers of its owner's file. */
export function grantCoverage(scopes: FileScopes, grant: ReleasedGrant): ScopeCoverage {
  return scopes.of(grant.ownerId, grant.scope);
}

/**
 * The ids of the documents a shared record's `documents` fields hold: files attached while the
 * record was being added carry no assignedDocument (the record did not exist yet), so the record's
 * own list is what names them.
 */
export async function documentsNamedBy(
  records: RecordReader,
  grant: ReleasedGrant,
  category: string,
  recordId: string,
): Promise<string[]> {
  const record = (await records.openedIn(grant.ownerId, [category])).find(({ id }) => id === recordId);
  return record === undefined ? [] : [...(namedByRecord(category, record.body).get("document") ?? [])];
}

/** A file seen through a scope: a nominee's grant, or a collaborator's scope in the owner's file. */
export type ScopedFile = Pick<ReleasedGrant, "ownerId" | "scope">;

/**
 * What the scope shows of the owner's whole file, decided for every part at once: the filter a
 * nominee's or a collaborator's binder reads the file through (server/modules/binder `include`),
 * by the same rules as the reads. Nominees and comments are the owner's own and never shown.
 */
export async function scopeInclude(
  scopes: FileScopes,
  file: ScopedFile,
): Promise<(subject: SnapshotSubject) => boolean> {
  const covers = await scopes.of(file.ownerId, file.scope).settled();
  return (subject) => covers(subject.kind, subject.id);
}

/** A document as the scope judges it: where it is filed and the record it is attached to. */
export type DocumentPlace = { id: string; module: string; type: string; assignedDocument: string | null };

/** Which stored documents the scope shows (the documents' sharing rule): read once, asked per document. */
export async function documentVisibility(
  scopes: FileScopes,
  file: ScopedFile,
): Promise<(document: DocumentPlace) => boolean> {
  const rows = await scopes.of(file.ownerId, file.scope).rows("document");
  return (document) => rows === "all" || rows.has(document.id);
}

/**
 * Whether a document at this place, stored or about to be, is one the scope shows: filed under a
 * shared module and type, attached to a covered record, or (stored) covered by the rule.
 */
export async function documentPlaceCovered(
  scopes: FileScopes,
  file: ScopedFile,
  place: Omit<DocumentPlace, "id"> & { id?: string },
): Promise<boolean> {
  if (scopeIncludesDocument(file.scope, place.module, place.type)) return true;
  const coverage = scopes.of(file.ownerId, file.scope);
  if (place.assignedDocument !== null && (await coverage.covers("record", place.assignedDocument)))
    return true;
  return place.id !== undefined && (await coverage.covers("document", place.id));
}
