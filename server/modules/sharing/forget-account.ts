import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { deletePendingJobsLike } from "../../jobs/queue.ts";
import { nomineeRepository } from "./repository.ts";
import { NO_REQUEST } from "./transitions.ts";

/**
 * Account deletion (server/modules/account): an owner's nominees go with them, and their pending
 * jobs. A deleted nominee account no longer holds any grant: each returns to an invitation to the
 * same address (kept as it was sent, so usually shown expired), which the owner may resend or
 * delete; whoever later holds that verified address could accept it, as with any invitation.
 */
export async function forgetSharing(userId: string, trx: Kysely<DB>): Promise<void> {
  const nominees = nomineeRepository(trx);
  // Every sharing job key names its nominee (schedule.ts sharingJobKeys).
  for (const id of await nominees.idsOfAccount(userId)) await deletePendingJobsLike(trx, `share:%:${id}:%`);
  await nominees.deleteAllOf(userId);
  await nominees.updateHeldBy(userId, { status: "invited", user_id: null, accepted_at: null, ...NO_REQUEST });
}
