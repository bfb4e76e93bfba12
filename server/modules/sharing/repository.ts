import type { Kysely, Updateable } from "kysely";
import { authBoolean, authDate, banHolds } from "../../auth/auth-values.ts";
import type { AuthUserTable, DB, NomineeTable } from "../../db/schema.ts";
import type { NomineeRow } from "./presenter.ts";

/**
 * What a transition checks besides the status it starts from: the request, its due time, the end
 * date, whether the owner's last revoke still stands (the wait the step read depends on it).
 */
export type TransitionGuard = {
  requestId?: string;
  releaseDue?: number;
  accessEndsAt?: number;
  revoked?: boolean;
};

/** The owner's ban, as better-auth keeps it, read with a grant. */
type OwnerBan = { owner_banned: AuthUserTable["banned"]; owner_ban_expires: AuthUserTable["banExpires"] };

/** Whether the owner's ban holds at `now`, read as the session check reads it. */
function suspended(ban: OwnerBan, now: number): boolean {
  return banHolds(authBoolean(ban.owner_banned), authDate(ban.owner_ban_expires), now);
}

/** Finds an account by its id, or (a nominee not known by account yet) by its address. */
export type AccountKey = { id: string } | { email: string };

/**
 * Every query on nominees, and the reads of accounts (better-auth's `user` table) the lifecycle
 * needs for its checks and mails. The owner's reads are filtered by owner, the nominee's by their
 * account; the signed link and the jobs name only a nominee id. Pass a transaction to run them
 * inside it.
 */
export function nomineeRepository(db: Kysely<DB>) {
  /** The account's released grants, each with its owner's ban, which the reads then hold them to. */
  function released(userId: string) {
    return db
      .selectFrom("nominee")
      .innerJoin("user", "user.id", "nominee.owner_id")
      .selectAll("nominee")
      .select(["user.banned as owner_banned", "user.banExpires as owner_ban_expires"])
      .where("nominee.user_id", "=", userId)
      .where("nominee.status", "=", "released");
  }

  /**
   * The grants whose owner is not suspended at `now`: a suspended owner's file closes to their
   * nominees as to their collaborators, and opens again with the ban, the grants untouched.
   */
  function unsuspended(rows: (NomineeRow & OwnerBan)[], now: number): NomineeRow[] {
    return rows.flatMap(({ owner_banned, owner_ban_expires, ...row }) =>
      suspended({ owner_banned, owner_ban_expires }, now) ? [] : [row],
    );
  }

  return {
    /** Whether a platform admin's suspension of the owner holds at `now` (Shared with me says so). */
    async ownerSuspended(ownerId: string, now: number): Promise<boolean> {
      const ban = await db
        .selectFrom("user")
        .select(["banned as owner_banned", "banExpires as owner_ban_expires"])
        .where("id", "=", ownerId)
        .executeTakeFirst();
      return ban !== undefined && suspended(ban, now);
    },

    /** A nominee by id alone: the signed link and the jobs, which re-check its state themselves. */
    find(id: string): Promise<NomineeRow | undefined> {
      return db.selectFrom("nominee").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** One of the owner's nominees. */
    findOwned(ownerId: string, id: string): Promise<NomineeRow | undefined> {
      return db
        .selectFrom("nominee")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** The owner's nominees, newest first. */
    listOwned(ownerId: string): Promise<NomineeRow[]> {
      return db
        .selectFrom("nominee")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
    },

    /** Another of the owner's nominees named by this address, if any (one nominee per address). */
    findOtherWithEmail(ownerId: string, email: string, exceptId: string) {
      return db
        .selectFrom("nominee")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where("email", "=", email)
        .where("id", "!=", exceptId)
        .executeTakeFirst();
    },

    /** An open invitation to this address, not yet accepted by any account. */
    findInvitation(id: string, email: string): Promise<NomineeRow | undefined> {
      return db
        .selectFrom("nominee")
        .selectAll()
        .where("id", "=", id)
        .where("email", "=", email)
        .where("status", "=", "invited")
        .where("user_id", "is", null)
        .executeTakeFirst();
    },

    /** One of the grants the account holds, in any status. */
    findHeldBy(userId: string, id: string): Promise<NomineeRow | undefined> {
      return db
        .selectFrom("nominee")
        .selectAll()
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
    },

    /**
     * Shared with me, newest first: what the account holds and, when its address is verified
     * (`email` not null), the open invitations to that address.
     */
    listSharedWith(userId: string, email: string | null): Promise<NomineeRow[]> {
      return db
        .selectFrom("nominee")
        .selectAll()
        .where((eb) =>
          email === null
            ? eb("user_id", "=", userId)
            : eb.or([
                eb("user_id", "=", userId),
                eb.and([eb("email", "=", email), eb("status", "=", "invited"), eb("user_id", "is", null)]),
              ]),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
    },

    /** A job's re-check: the nominee, if it still is in the state the job was scheduled for. */
    findInState(
      id: string,
      state: { status?: NomineeRow["status"]; requestId?: string; releasedAt?: number },
    ): Promise<NomineeRow | undefined> {
      let query = db.selectFrom("nominee").selectAll().where("id", "=", id);
      if (state.status !== undefined) query = query.where("status", "=", state.status);
      if (state.requestId !== undefined) query = query.where("request_id", "=", state.requestId);
      if (state.releasedAt !== undefined) query = query.where("released_at", "=", state.releasedAt);
      return query.executeTakeFirst();
    },

    /** The account's released grant `id` (the shared reads check its end date and scope). */
    async findReleased(userId: string, id: string, now: number): Promise<NomineeRow | undefined> {
      const rows = await released(userId).where("nominee.id", "=", id).execute();
      return unsuspended(rows, now)[0];
    },

    /** Every released grant the account holds, whoever's (the shell's search looks through them). */
    async listReleased(userId: string, now: number): Promise<NomineeRow[]> {
      return unsuspended(await released(userId).orderBy("nominee.created_at").execute(), now);
    },

    /** The account's released grants from one owner, oldest first. */
    async listReleasedFrom(userId: string, ownerId: string, now: number): Promise<NomineeRow[]> {
      const rows = await released(userId)
        .where("nominee.owner_id", "=", ownerId)
        .orderBy("nominee.created_at")
        .execute();
      return unsuspended(rows, now);
    },

    /**
     * Inserts a new nominee; false when the owner already names this address. DO NOTHING rather
     * than catching the unique violation, which would abort a PostgreSQL transaction.
     */
    async insert(row: NomineeRow): Promise<boolean> {
      const inserted = await db
        .insertInto("nominee")
        .values(row)
        .onConflict((conflict) => conflict.columns(["owner_id", "email"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The owner's edit, whatever the status, and the row as it now is (read in the same transaction). */
    async update(id: string, changes: Updateable<NomineeTable>): Promise<NomineeRow> {
      await db.updateTable("nominee").set(changes).where("id", "=", id).execute();
      return db.selectFrom("nominee").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    },

    /**
     * A lifecycle step: one conditional UPDATE from the given statuses (and guards), so of racing
     * steps exactly one changes the row. The row as it now is, or null when this one changed nothing.
     */
    async transition(
      id: string,
      from: readonly NomineeRow["status"][],
      changes: Updateable<NomineeTable>,
      guard: TransitionGuard,
    ): Promise<NomineeRow | null> {
      let query = db
        .updateTable("nominee")
        .set(changes)
        .where("id", "=", id)
        .where("status", "in", [...from]);
      if (guard.requestId !== undefined) query = query.where("request_id", "=", guard.requestId);
      if (guard.releaseDue !== undefined) query = query.where("release_at", "<=", guard.releaseDue);
      if (guard.accessEndsAt !== undefined) query = query.where("access_ends_at", "=", guard.accessEndsAt);
      if (guard.revoked !== undefined)
        query = query.where("revoked_at", guard.revoked ? "is not" : "is", null);
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      return (await db.selectFrom("nominee").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
    },

    /**
     * Sets opened_at if no read has since the release, and answers whether this call did: the
     * conditional update lets exactly one of racing reads, on any app server, change the row.
     */
    async markOpened(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable("nominee")
        .set({ opened_at: now })
        .where("id", "=", id)
        .where("status", "=", "released")
        .where("opened_at", "is", null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom("nominee").where("id", "=", id).execute();
    },

    /** Account deletion: the nominees the account owns, then those it holds. */
    async idsOfAccount(userId: string): Promise<string[]> {
      const owned = await db.selectFrom("nominee").select("id").where("owner_id", "=", userId).execute();
      const held = await db.selectFrom("nominee").select("id").where("user_id", "=", userId).execute();
      return [...owned, ...held].map((row) => row.id);
    },

    /** Account deletion: the owner's nominees go with them. */
    async deleteAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom("nominee").where("owner_id", "=", ownerId).execute();
    },

    /** Account deletion: every grant the account holds changes alike. */
    async updateHeldBy(userId: string, changes: Updateable<NomineeTable>): Promise<void> {
      await db.updateTable("nominee").set(changes).where("user_id", "=", userId).execute();
    },

    /**
     * What the lifecycle reads of an account: its name and address (the owner's identity, the
     * check against naming oneself, an invitation's verified address), its language and its
     * choice about notices (the mails).
     */
    findAccount(key: AccountKey) {
      const query = db
        .selectFrom("user")
        .select(["id", "name", "email", "emailVerified", "lang", "emailNotifications"]);
      return (
        "id" in key ? query.where("id", "=", key.id) : query.where("email", "=", key.email)
      ).executeTakeFirst();
    },
  };
}
