import type { Kysely } from "kysely";
import { storeEntitlement, subscriberUntil } from "../../auth/roles.ts";
import type { DB } from "../../db/schema.ts";
import { membershipForRoles, membersPaidBy } from "../companies/index.ts";
import { subscriptionRepository } from "./repository.ts";

/** Until when subscriptions give a role: a person's own plans, or a company plan (isB2B). */
async function paidUntil(db: Kysely<DB>, userId: string, b2b: boolean): Promise<number | null> {
  return subscriberUntil(await subscriptionRepository(db).entitlementSources(userId, b2b));
}

/** Recomputes and stores one account's entitlement row. */
async function refreshOne(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  const subscriber = await paidUntil(db, userId, false);
  const membership = await membershipForRoles(db, userId);
  const b2b = membership === null ? null : ((await paidUntil(db, membership.billingUserId, true)) ?? 0);
  await storeEntitlement(
    db,
    userId,
    { subscriber_until: subscriber, b2b_until: b2b, company_admin: membership?.isAdmin ? 1 : 0 },
    now,
  );
}

/**
 * Recomputes and stores an account's entitlement and, when the account pays for a company, its
 * members' (their b2b role follows the company plan). Answers every account rewritten: the caller
 * then forgets their cached sessions.
 */
async function refreshEntitlement(db: Kysely<DB>, userId: string, now: number): Promise<string[]> {
  await refreshOne(db, userId, now);
  const others = await membersPaidBy(db, userId);
  for (const other of others) await refreshOne(db, other, now);
  return [userId, ...others];
}

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
