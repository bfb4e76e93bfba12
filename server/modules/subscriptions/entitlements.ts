import type { Kysely } from "kysely";
import { refreshEntitlement } from "../../auth/roles.ts";
import type { DB } from "../../db/schema.ts";

/**
 * What a change of subscription must do for the role decision (server/auth/roles.ts): rewrite the
 * account's entitlement, inside the change's transaction, and, once committed, make this server's
 * session cache read it again.
 */
export type Entitlements = {
  refresh(userId: string, trx: Kysely<DB>): Promise<void>;
  /** After the commit: this process forgets the account's cached sessions. */
  forget(userId: string): void;
};

export function createEntitlements(options: {
  clock: () => number;
  forgetSessions: (userId: string) => void;
}): Entitlements {
  return {
    refresh: (userId, trx) => refreshEntitlement(trx, userId, options.clock()),
    forget: options.forgetSessions,
  };
}
