import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { NO_REQUEST } from "./transitions.ts";

/**
 * Account deletion (server/modules/account): an owner's nominees go with them, and their pending
 * jobs. A deleted nominee account no longer holds any grant: each returns to an invitation to the
 * same address (kept as it was sent, so usually shown expired), which the owner may resend or
 * delete; whoever later holds that verified address could accept it, as with any invitation.
 */
export async function forgetSharing(userId: string, trx: Kysely<DB>): Promise<void> {
  const owned = await trx.selectFrom("nominee").select("id").where("owner_id", "=", userId).execute();
  const held = await trx.selectFrom("nominee").select("id").where("user_id", "=", userId).execute();
  for (const { id } of [...owned, ...held]) {
    await trx
      .deleteFrom("job")
      .where("unique_key", "like", `share:%:${id}:%`)
      .where("done_at", "is", null)
      .where("failed_at", "is", null)
      .execute();
  }
  await trx.deleteFrom("nominee").where("owner_id", "=", userId).execute();
  await trx
    .updateTable("nominee")
    .set({ status: "invited", user_id: null, accepted_at: null, ...NO_REQUEST })
    .where("user_id", "=", userId)
    .execute();
}
