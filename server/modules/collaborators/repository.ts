import type { Kysely, Selectable, Updateable } from "kysely";
import { authBoolean, authDate, banHolds } from "../../auth/auth-values.ts";
import type { CollaboratorTable, DB } from "../../db/schema.ts";

export type CollaboratorRow = Selectable<CollaboratorTable>;

/**
 * Every query on collaborators, each filtered as its caller needs: the owner's by owner, the
 * invitee's by verified address, the collaborator's by account. Pass a transaction as `db` to run
 * them inside it.
 */
export function collaboratorRepository(db: Kysely<DB>) {
  return {
    /** False when the owner already invited this address. */
    async insert(row: CollaboratorRow): Promise<boolean> {
      const inserted = await db
        .insertInto("collaborator")
        .values(row)
        .onConflict((conflict) => conflict.columns(["owner_id", "email"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** What the module reads of an account: its address, whether verified, its name, language and ban. */
    async account(id: string) {
      const user = await db
        .selectFrom("user")
        .select(["id", "name", "email", "emailVerified", "lang", "banned", "banExpires"])
        .where("id", "=", id)
        .executeTakeFirst();
      return user === undefined
        ? undefined
        : { ...user, banned: authBoolean(user.banned), banExpires: authDate(user.banExpires) };
    },

    /** The language of the account holding this address, when an invitee already has one. */
    async languageOf(email: string): Promise<string | null | undefined> {
      const user = await db.selectFrom("user").select("lang").where("email", "=", email).executeTakeFirst();
      return user?.lang;
    },

    listOf(ownerId: string): Promise<CollaboratorRow[]> {
      return db
        .selectFrom("collaborator")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy("invited_at")
        .orderBy("id")
        .execute();
    },

    findOf(ownerId: string, id: string): Promise<CollaboratorRow | undefined> {
      return db
        .selectFrom("collaborator")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    async updateOf(ownerId: string, id: string, changes: Updateable<CollaboratorTable>): Promise<boolean> {
      const result = await db
        .updateTable("collaborator")
        .set(changes)
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteOf(ownerId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("collaborator")
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The files the account helps with, and open invitations to its verified address (if any). */
    listFor(accountId: string, email: string | null): Promise<CollaboratorRow[]> {
      return db
        .selectFrom("collaborator")
        .selectAll()
        .where((eb) =>
          email === null
            ? eb("account_id", "=", accountId)
            : eb.or([
                eb("account_id", "=", accountId),
                eb.and([eb("email", "=", email), eb("status", "=", "invited")]),
              ]),
        )
        .orderBy("invited_at", "desc")
        .orderBy("id")
        .execute();
    },

    /** An open invitation to this address. */
    findInvitation(id: string, email: string): Promise<CollaboratorRow | undefined> {
      return db
        .selectFrom("collaborator")
        .selectAll()
        .where("id", "=", id)
        .where("email", "=", email)
        .where("status", "=", "invited")
        .executeTakeFirst();
    },

    /** The invitation's answer, only while it is still open (two answers at once: one wins). */
    async answer(id: string, email: string, changes: Updateable<CollaboratorTable>): Promise<boolean> {
      const result = await db
        .updateTable("collaborator")
        .set(changes)
        .where("id", "=", id)
        .where("email", "=", email)
        .where("status", "=", "invited")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The accepted collaboration of this account in this owner's file, the one access check:
     * `suspended` while a ban of the owner holds at `now`, so a suspended owner's file closes and
     * opens again with the ban.
     */
    async findAccepted(
      ownerId: string,
      accountId: string,
      now: number,
    ): Promise<CollaboratorRow | "suspended" | undefined> {
      const found = await db
        .selectFrom("collaborator")
        .innerJoin("user", "user.id", "collaborator.owner_id")
        .selectAll("collaborator")
        .select(["user.banned", "user.banExpires"])
        .where("collaborator.owner_id", "=", ownerId)
        .where("collaborator.account_id", "=", accountId)
        .where("collaborator.status", "=", "accepted")
        .executeTakeFirst();
      if (found === undefined) return undefined;
      const { banned, banExpires, ...row } = found;
      return banHolds(authBoolean(banned), authDate(banExpires), now) ? "suspended" : row;
    },

    /** Account deletion: the owner's collaborators and the account's own collaborations go. */
    async deleteAllFor(accountId: string, email: string | null): Promise<void> {
      await db
        .deleteFrom("collaborator")
        .where((eb) =>
          eb.or([
            eb("owner_id", "=", accountId),
            eb("account_id", "=", accountId),
            ...(email === null ? [] : [eb("email", "=", email)]),
          ]),
        )
        .execute();
    },
  };
}

export type CollaboratorRepository = ReturnType<typeof collaboratorRepository>;
