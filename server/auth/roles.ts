import type { Kysely } from "kysely";
import type { BillingMode, SubscriptionStatus } from "../../domain/schemas/subscription.ts";
import type { DB } from "../db/schema.ts";
import type { Role } from "./access.ts";

/**
 * The one place that decides an account's roles. Every server check reads `actor.roles`, made
 * here; the app reads the same roles from GET /api/account.
 *
 * - subscriber: with billing off, every verified account; with billing on, while the account's
 *   entitlement runs (a paid subscription, a voucher or a unique subscription code).
 * - platformAdmin: better-auth's admin role.
 *
 * The entitlement is one number per account ("subscriber until"), rewritten by refreshEntitlement
 * whenever a subscription changes, and read by the session lookup's single query: no request pays
 * a query of its own for its roles.
 */

/** What the role decision needs, all of it on the session lookup's row. */
export type RoleFacts = {
  emailVerified: boolean;
  /** better-auth admin plugin roles, comma-separated ("admin", "user"). */
  adminRole: string | null;
  /** Epoch ms the subscriber role ends; null when the account never held it. */
  subscriberUntil: number | null;
};

export function rolesOf(facts: RoleFacts, billing: BillingMode, now: number): Role[] {
  const roles: Role[] = [];
  const subscribed =
    billing === "off" ? facts.emailVerified : facts.subscriberUntil !== null && facts.subscriberUntil > now;
  if (subscribed) roles.push("subscriber");
  const adminRoles = facts.adminRole?.split(",").map((role) => role.trim()) ?? [];
  if (adminRoles.includes("admin")) roles.push("platformAdmin");
  return roles;
}

/** Statuses that hold access: past_due keeps it through the provider's retry window. */
const PAID_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due"]);

/** Far enough: a provider subscription holds the role until the provider says otherwise. */
export const OPEN_ENDED = 8_640_000_000_000_000;

export type EntitlementSource = {
  provider: "stripe" | "code";
  status: SubscriptionStatus;
  current_period_end: number | null;
};

/**
 * Until when an account is a subscriber, from its subscriptions. A provider subscription counts
 * while its status says so (one cancelled at period end stays active until then, when the provider
 * ends it); a code's free period counts until its end.
 */
export function subscriberUntil(sources: readonly EntitlementSource[]): number | null {
  let until: number | null = null;
  for (const source of sources) {
    if (!PAID_STATUSES.has(source.status)) continue;
    const end = source.provider === "code" ? source.current_period_end : OPEN_ENDED;
    if (end !== null && (until === null || end > until)) until = end;
  }
  return until;
}

/** Recomputes and stores an account's entitlement; the caller then forgets its cached sessions. */
export async function refreshEntitlement(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  const sources = await db
    .selectFrom("subscription")
    .select(["provider", "status", "current_period_end"])
    .where("user_id", "=", userId)
    .execute();
  const until = subscriberUntil(sources);
  await db
    .insertInto("entitlement")
    .values({ user_id: userId, subscriber_until: until, updated_at: now })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({ subscriber_until: until, updated_at: now }),
    )
    .execute();
}
