import { hasFullAccess } from "../../domain/roles.ts";
import type { NomineeTable } from "../db/schema.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * Who may do what once signed in (spec section 6): the one home of these rules. A route declares
 * the rule it needs in `config.access` and the access hook (access.ts) asks here; a service asks
 * here only for what depends on the row it holds (deleting a person, reading through a grant).
 *
 * - The full file: every section, and deleting anything, belong to a subscriber or a member of a
 *   company account (b2b). Anyone else signed in keeps the Personal Network and Shared Data, where
 *   they may add and change but not delete.
 * - A nominee reads an owner's file only through a grant the owner released, still in force.
 */

/** The caller as these rules see it (structural, so the access hook may ask without a cycle). */
type Caller = { userId: string; roles: readonly string[] };

/** The full file: every section (records, documents) besides the Personal Network. */
export function hasFullFile(caller: Pick<Caller, "roles">): boolean {
  return hasFullAccess(caller.roles);
}

/** The access rule "subscriber": 403, saying what opens the sections. */
export function requireFullFile(caller: Pick<Caller, "roles">): void {
  if (!hasFullFile(caller)) throw new AppError("forbidden", { message: "errors:access.needs_subscription" });
}

/** Deleting a person, an address or an institution, which the Personal Network lets anyone add. */
export function requireDeleteRight(caller: Pick<Caller, "roles">): void {
  if (!hasFullFile(caller))
    throw new AppError("forbidden", { message: "errors:network.delete_needs_subscription" });
}

/**
 * A nominee's reads (access "nominee"): the caller is the account that accepted the invitation,
 * the owner released access, and its end date ("back to normal"), if any, is still ahead.
 * Anything else (invited, accepted, requested, revoked back to accepted, ended, someone else's
 * grant) reads nothing.
 */
export function isReleasedNomineeOf(
  caller: Pick<Caller, "userId">,
  nominee: Pick<NomineeTable, "user_id" | "status" | "access_ends_at">,
  now: number,
): boolean {
  return (
    nominee.user_id === caller.userId &&
    nominee.status === "released" &&
    (nominee.access_ends_at === null || Number(nominee.access_ends_at) > now)
  );
}
