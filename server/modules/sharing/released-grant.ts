import type { Kysely, Selectable } from "kysely";
import { type ShareScope, shareScopeSchema } from "../../../domain/schemas/share.ts";
import type { Actor } from "../../auth/access.ts";
import { isReleasedNomineeOf } from "../../auth/permissions.ts";
import type { DB, NomineeTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { nomineeRepository } from "./repository.ts";

/**
 * The policy of a nominee's reads: a released grant of the caller, or 404. Outside the scope,
 * before release, after revocation or the end date, while the owner is suspended, and for anyone
 * but the nominee's own account, every answer is the same "not found", so a nominee learns nothing
 * of what is not shared.
 */

export type ReleasedGrant = {
  nominee: Selectable<NomineeTable>;
  ownerId: string;
  /** The nominee's account: the caller. */
  userId: string;
  scope: ShareScope;
};

function toGrant(actor: Actor, nominee: Selectable<NomineeTable>, now: number): ReleasedGrant | null {
  if (!isReleasedNomineeOf(actor, nominee, now)) return null;
  const scope = shareScopeSchema.safeParse(JSON.parse(nominee.scope));
  // Scopes are written through the same schema; one that no longer parses shares nothing.
  if (!scope.success) return null;
  return { nominee, ownerId: nominee.owner_id, userId: actor.userId, scope: scope.data };
}

/** The caller's released grant `nomineeId`, or 404. */
export async function releasedGrant(
  db: Kysely<DB>,
  actor: Actor,
  nomineeId: string,
  now: number,
): Promise<ReleasedGrant> {
  const nominee = await nomineeRepository(db).findReleased(actor.userId, nomineeId, now);
  const grant = nominee === undefined ? null : toGrant(actor, nominee, now);
  if (grant === null) throw new AppError("not_found");
  return grant;
}

/** The caller's released grants from one owner (usually one; two if the owner named two of their addresses). */
export async function releasedGrantsFrom(
  db: Kysely<DB>,
  actor: Actor,
  ownerId: string,
  now: number,
): Promise<ReleasedGrant[]> {
  const nominees = await nomineeRepository(db).listReleasedFrom(actor.userId, ownerId, now);
  return nominees.flatMap((nominee) => toGrant(actor, nominee, now) ?? []);
}

/** Every released grant of the caller still in force, from any owner (the shell's search). */
export async function releasedGrantsOf(db: Kysely<DB>, actor: Actor, now: number): Promise<ReleasedGrant[]> {
  const nominees = await nomineeRepository(db).listReleased(actor.userId, now);
  return nominees.flatMap((nominee) => toGrant(actor, nominee, now) ?? []);
}

/**
 * Marks the grant opened if this is the first read since its release (opened_at is null), and
 * answers whether this request did it: the conditional update lets exactly one of racing requests,
 * on any app server, change the row.
 */
export async function markFirstOpen(db: Kysely<DB>, grant: ReleasedGrant, now: number): Promise<boolean> {
  if (grant.nominee.opened_at !== null) return false;
  return nomineeRepository(db).markOpened(grant.nominee.id, now);
}
