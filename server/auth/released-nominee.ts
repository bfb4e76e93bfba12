import type { NomineeTable } from "../db/schema.ts";
import type { Actor } from "./access.ts";

/**
 * The rule of a nominee's reads (access "nominee"): the caller is the account that accepted the
 * invitation, the owner released access, and its end date ("back to normal"), if any, is still
 * ahead. Anything else (invited, accepted, requested, revoked back to accepted, ended, someone
 * else's grant) reads nothing.
 */
export function isReleasedNomineeOf(
  actor: Actor,
  nominee: Pick<NomineeTable, "user_id" | "status" | "access_ends_at">,
  now: number,
): boolean {
  return (
    nominee.user_id === actor.userId &&
    nominee.status === "released" &&
    (nominee.access_ends_at === null || Number(nominee.access_ends_at) > now)
  );
}
