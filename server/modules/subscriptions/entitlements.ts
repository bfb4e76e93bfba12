import type { Kysely } from "kysely";
import { refreshEntitlement } from "../../auth/roles.ts";
import type { DB } from "../../db/schema.ts";

/**
 * What a change of subscription or membership must do for the role decision
 * (server/auth/roles.ts): rewrite the entitlements it touches, inside the change's transaction,
 * and, once committed, make this server's session cache read them again.
 */
export type Entitlements = {
  refresh(userId: string, trx: Kysely<DB>): Promise<void>;
  /**
   * After the commit: this process forgets the cached sessions of the account and of everyone its
   * last refresh rewrote (the members of a company it pays for).
   */
  forget(userId: string): void;
};

export function createEntitlements(options: {
  clock: () => number;
  forgetSessions: (userId: string) => void;
}): Entitlements {
  // The accounts each account's last refresh rewrote, until they are forgotten. Forgetting a
  // session too many (a refresh whose transaction rolled back) only costs a lookup.
  const rewritten = new Map<string, string[]>();
  return {
    async refresh(userId, trx) {
      const touched = await refreshEntitlement(trx, userId, options.clock());
      rewritten.set(userId, [...new Set([...(rewritten.get(userId) ?? []), ...touched])]);
    },
    forget(userId) {
      for (const touched of rewritten.get(userId) ?? [userId]) options.forgetSessions(touched);
      rewritten.delete(userId);
      options.forgetSessions(userId);
    },
  };
}
