import type { Selectable, Updateable } from "kysely";
import {
  DAY_MS,
  INVITATION_LIFETIME_DAYS,
  type NomineeLogEntry,
  type NomineeStatus,
  type NomineeView,
  type ShareDefinition,
  type SharedWithMeView,
  type ShareScope,
} from "../../../domain/schemas/share.ts";
import type { ActivityTable, NomineeTable } from "../../db/schema.ts";

export type NomineeRow = Selectable<NomineeTable>;

/** The exact fields that leave the server, for the owner and for the nominee. */

export function inviteExpiresAt(row: Pick<NomineeRow, "invited_at">): number {
  return Number(row.invited_at) + INVITATION_LIFETIME_DAYS * DAY_MS;
}

/** The stored status, with an invitation past its days shown as expired. */
export function statusOf(row: NomineeRow, now: number): NomineeStatus {
  return row.status === "invited" && now >= inviteExpiresAt(row) ? "expired" : row.status;
}

export function scopeOf(row: Pick<NomineeRow, "scope">): ShareScope {
  return JSON.parse(row.scope) as ShareScope;
}

const time = (value: number | null): number | null => (value === null ? null : Number(value));

/** What the owner decided about a nominee, its lifecycle left out. */
export function shareDefinitionOf(row: NomineeRow): ShareDefinition {
  return {
    id: row.id,
    personId: row.person_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    scope: scopeOf(row),
    release: row.release,
  };
}

/** The columns of what the owner decides about a nominee, as creating, editing or importing one writes them. */
export function shareDefinitionColumns(definition: Omit<ShareDefinition, "id">) {
  return {
    person_id: definition.personId,
    first_name: definition.firstName,
    last_name: definition.lastName,
    email: definition.email,
    scope: JSON.stringify(definition.scope),
    release: definition.release,
  } satisfies Updateable<NomineeTable>;
}

export function presentNominee(row: NomineeRow, now: number): NomineeView {
  return {
    ...shareDefinitionOf(row),
    status: statusOf(row, now),
    invitedAt: Number(row.invited_at),
    inviteExpiresAt: inviteExpiresAt(row),
    acceptedAt: time(row.accepted_at),
    requestedAt: time(row.requested_at),
    releaseAt: time(row.release_at),
    releasedAt: time(row.released_at),
    accessEndsAt: time(row.access_ends_at),
    revokedAt: time(row.revoked_at),
    createTime: Number(row.created_at),
  };
}

export type OwnerIdentity = { firstName: string | null; lastName: string | null; email: string };

/** The owner as their nominee sees them: who they are, and whether a suspension closes their file. */
export type SharingOwner = { identity: OwnerIdentity; suspended: boolean };

export function presentSharedWithMe(row: NomineeRow, owner: SharingOwner, now: number): SharedWithMeView {
  return {
    nomineeId: row.id,
    owner: owner.identity,
    scope: scopeOf(row),
    release: row.release,
    status: statusOf(row, now),
    inviteExpiresAt: inviteExpiresAt(row),
    requestedAt: time(row.requested_at),
    releaseAt: time(row.release_at),
    releasedAt: time(row.released_at),
    accessEndsAt: time(row.access_ends_at),
    revokedAt: time(row.revoked_at),
    ownerSuspended: owner.suspended,
  };
}

export function presentLogEntry(row: Selectable<ActivityTable>): NomineeLogEntry {
  return {
    id: row.id,
    // A nominee's entries are views, reveals, copies and downloads; exports are the owner's own.
    kind: row.kind as NomineeLogEntry["kind"],
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    category: row.category,
    field: row.field,
    createTime: Number(row.created_at),
  };
}
