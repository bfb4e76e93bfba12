import type { SecretPurpose } from "../../../domain/schemas/record.ts";
import type { NomineeLogEntry } from "../../../domain/schemas/share.ts";
import type { ActivityKind } from "../../db/schema.ts";
import type { ActivityWriter } from "../activity/index.ts";
import type { DocumentReader } from "../documents/index.ts";
import type { ReleasedGrant } from "./released-grant.ts";

/**
 * A nominee's views, reveals and downloads, in the owner's activity log with the grant's id: what
 * GET /api/shared/nominees/{id}/log reads back. Entries name fields and files, never values. One
 * insert for the requests that log at once (activity-log.ts activityWriter), whatever their entries.
 */

export type NomineeAccess = {
  kind: ActivityKind;
  /** A kind of the file (server/file/kinds.ts), or what a read takes whole ("list", "binder"). */
  subjectKind: string;
  subjectId: string;
  category?: string | null;
  /** The secret revealed or the file downloaded. */
  field?: string | null;
};

export async function logNomineeAccess(
  log: ActivityWriter,
  grant: ReleasedGrant,
  accesses: readonly NomineeAccess[],
  now: number,
): Promise<void> {
  await log.write(
    accesses.map((access) => ({
      ownerId: grant.ownerId,
      actorId: grant.userId,
      nomineeId: grant.nominee.id,
      ...access,
    })),
    now,
  );
}

/**
 * A read that may reveal secrets: the revealed fields (each a reveal, or a copy) when any were
 * asked for, else one view.
 */
export function viewOrReveals(
  subject: Omit<NomineeAccess, "kind" | "field">,
  revealed: readonly string[],
  askedToReveal: boolean,
  purpose: SecretPurpose = "reveal",
): NomineeAccess[] {
  if (!askedToReveal) return [{ ...subject, kind: "view" }];
  return revealed.map((field) => ({ ...subject, kind: purpose, field }));
}

function isUnnamedDownload(entry: NomineeLogEntry): boolean {
  return entry.kind === "download" && entry.subjectKind === "document" && entry.field === null;
}

/**
 * The log's downloads with their file's name: a document's name is encrypted at rest and the log
 * is not, so a download is logged by the document's id and named when the owner reads the log,
 * with the document's current name (one deleted since shows its category instead).
 */
export async function nameDownloads(
  documents: DocumentReader,
  ownerId: string,
  entries: readonly NomineeLogEntry[],
): Promise<NomineeLogEntry[]> {
  const ids = new Set(entries.filter(isUnnamedDownload).map((entry) => entry.subjectId));
  if (ids.size === 0) return [...entries];
  const names = new Map(
    (await documents.findMany(ownerId, [...ids])).map((document) => [document.id, document.fileName]),
  );
  return entries.map((entry) =>
    isUnnamedDownload(entry) ? { ...entry, field: names.get(entry.subjectId) ?? null } : entry,
  );
}
