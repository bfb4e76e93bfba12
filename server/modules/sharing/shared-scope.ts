import { type ShareScope, scopeIncludesCategory } from "../../../domain/schemas/share.ts";
import { isCategoryKey } from "../../../domain/sections/index.ts";
import type { FileScopes, ScopeCoverage } from "../../file/scope-coverage.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import type { RecordReader } from "../records/index.ts";
import { namedByRecord } from "../records/index.ts";
import type { ReleasedGrant } from "./released-grant.ts";

/**
 * What a grant makes visible: what its scope covers of the owner's file, by each kind's sharing
 * rule (server/file/scope-coverage.ts), the one rule the reads, the searches and the binder share.
 */

export function isCategoryShared(scope: ShareScope, category: string): boolean {
  return isCategoryKey(category) && scopeIncludesCategory(scope, category);
}

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

/**
 * What the grant shows of the owner's whole file, decided for every part at once: the filter a
 * nominee's binder reads the file through (server/modules/portability/snapshot.ts `include`), by
 * the same rules as the reads. Nominees are the owner's own and never shown.
 */
export async function grantInclude(
  scopes: FileScopes,
  grant: ReleasedGrant,
): Promise<(subject: SnapshotSubject) => boolean> {
  const covers = await grantCoverage(scopes, grant).settled();
  return (subject) => covers(subject.kind, subject.id);
}
