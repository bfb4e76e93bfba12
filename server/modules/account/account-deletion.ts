import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * Removes what one module keeps for an account, inside the deletion's transaction. A module whose
 * data lives outside the database (stored files) deletes it here too, after its rows.
 */
export type AccountDeletedHook = (userId: string, trx: Kysely<DB>) => Promise<void>;

/**
 * How one app deletes an account. The composition root (server/app.ts) adds each module's hook as
 * it mounts the module, so what a deletion removes is written in one place and belongs to that
 * app alone (two apps in one process share nothing).
 */
export type AccountEraser = {
  add(hook: AccountDeletedHook): void;
  /**
   * Deletes an account and everything it owns, inside the caller's transaction, opened by the
   * app's change bus (server/file/changes.ts), on which the whole file's deletion is published: every module's
   * records and files (the hooks, in the order added), then the security log, passkeys,
   * two-factor secret, pending tokens, sessions, linked accounts and the user. The one path for
   * self-deletion, an admin's and the purge of unconfirmed sign-ups, so an account is either
   * wholly deleted or not at all; the caller forgets the account's cached sessions once committed.
   */
  erase(userId: string, trx: Kysely<DB>): Promise<void>;
};

export function createAccountEraser(): AccountEraser {
  const hooks: AccountDeletedHook[] = [];
  return {
    add(hook) {
      hooks.push(hook);
    },
    async erase(userId, trx) {
      for (const hook of hooks) await hook(userId, trx);
      await trx.deleteFrom("sign_in_event").where("user_id", "=", userId).execute();
      await trx.deleteFrom("passkey").where("userId", "=", userId).execute();
      await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
      await trx.deleteFrom("verification").where("value", "=", userId).execute();
      await trx.deleteFrom("password_confirmation").where("user_id", "=", userId).execute();
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
      await trx.deleteFrom("account").where("userId", "=", userId).execute();
      await trx.deleteFrom("user").where("id", "=", userId).execute();
    },
  };
}
