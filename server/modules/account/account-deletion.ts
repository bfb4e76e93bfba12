import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * Removes what one module keeps for an account, inside the deletion's transaction. A module whose
 * data lives outside the database (stored files) deletes it here too, after its rows.
 */
export type AccountDeletedHook = (userId: string, trx: Kysely<DB>) => Promise<void>;

const hooks: AccountDeletedHook[] = [];

/**
 * Registers a module's part of account deletion. Call it once, at module load (next to the module's
 * routes): DELETE /api/account runs every hook, then removes the identity rows, all in one
 * transaction, so an account is either wholly deleted or not at all. A hook bound to one app's
 * resources (its blob store) is registered when the app is built and removed, with the function
 * this answers, when the app closes.
 */
export function onAccountDeleted(hook: AccountDeletedHook): () => void {
  if (!hooks.includes(hook)) hooks.push(hook);
  return () => {
    const index = hooks.indexOf(hook);
    if (index !== -1) hooks.splice(index, 1);
  };
}

export async function runAccountDeletedHooks(userId: string, trx: Kysely<DB>): Promise<void> {
  for (const hook of hooks) await hook(userId, trx);
}

/**
 * Deletes an account and everything it owns, inside the caller's transaction: every module's
 * records and files (the hooks), then the security log, passkeys, two-factor secret, pending
 * tokens, sessions, linked accounts and the user. The one path for self-deletion and for an
 * admin's; the caller forgets the account's cached sessions once committed.
 */
export async function eraseAccount(userId: string, trx: Kysely<DB>): Promise<void> {
  await runAccountDeletedHooks(userId, trx);
  await trx.deleteFrom("sign_in_event").where("user_id", "=", userId).execute();
  await trx.deleteFrom("passkey").where("userId", "=", userId).execute();
  await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await trx.deleteFrom("verification").where("value", "=", userId).execute();
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx.deleteFrom("user").where("id", "=", userId).execute();
}
