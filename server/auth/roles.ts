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
 * - b2b: an active member of a company; with billing on, while the company's plan runs.
 * - companyAdmin: an active member its company made an admin.
 * - platformAdmin: better-auth's admin role.
 *
 * The entitlement is a row per account ("subscriber until", "b2b until", "company admin"),
 * rewritten by refreshEntitlement whenever a subscription or a membership changes, and read by the
 * session lookup's single query: no request pays a query of its own for its roles.
 */

/** What the role decision needs, all of it on the session lookup's row. */
export type RoleFacts = {
  emailVerified: boolean;
  /** better-auth admin plugin roles, comma-separated ("admin", "user"). */
  adminRole: string | null;
  /** Epoch ms the subscriber role ends; null when the account never held it. */
  subscriberUntil: number | null;
  /**
   * For an active company member, epoch ms the company's plan ends (0: no plan runs, which only
   * billing off accepts); null for anyone else.
   */
  b2bUntil: number | null;
  companyAdmin: boolean;
};

export function rolesOf(facts: RoleFacts, billing: BillingMode, now: number): Role[] {
  const roles: Role[] = [];
  const subscribed =
    billing === "off" ? facts.emailVerified : facts.subscriberUntil !== null && facts.subscriberUntil > now;
  if (subscribed) roles.push("subscriber");
  if (facts.b2bUntil !== null && (billing === "off" || facts.b2bUntil > now)) roles.push("b2b");
  if (facts.companyAdmin) roles.push("companyAdmin");
  const adminRoles = facts.adminRole?.split(",").map((role) => role.trim()) ?? [];
  if (adminRoles.includes("admin")) roles.push("platformAdmin");
  return roles;
}

/** The spec's role names, as GET /api/account answers them and the app routes by them. */
const SPEC_ROLE: Record<Role, string> = {
  subscriber: "subscriber",
  b2b: "b2b",
  companyAdmin: "companyAdmin",
  platformAdmin: "admin",
};

export function specRoles(roles: readonly Role[]): string[] {
  return roles.map((role) => SPEC_ROLE[role]);
}

/** Statuses that hold access: past_due keeps it through the provider's retry window. */
const PAID_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due"]);

/** Far enough: a provider subscription holds the role until the provider says otherwise. */
const OPEN_ENDED = 8_640_000_000_000_000;

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

/** Until when subscriptions give a role: a person's own plans, or a company plan (isB2B). */
async function paidUntil(db: Kysely<DB>, userId: string, b2b: boolean): Promise<number | null> {
  const sources = await db
    .selectFrom("subscription")
    .leftJoin("product", "product.id", "subscription.product_id")
    .select(["subscription.provider", "subscription.status", "subscription.current_period_end"])
    .where("subscription.user_id", "=", userId)
    .where((eb) =>
      b2b
        ? eb("product.is_b2b", "=", 1)
        : eb.or([eb("product.is_b2b", "is", null), eb("product.is_b2b", "=", 0)]),
    )
    .execute();
  return subscriberUntil(sources);
}

async function storeEntitlement(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  const subscriber = await paidUntil(db, userId, false);
  const membership = await db
    .selectFrom("company_member")
    .innerJoin("company", "company.id", "company_member.company_id")
    .select(["company_member.is_admin", "company.billing_user_id"])
    .where("company_member.user_id", "=", userId)
    .where("company_member.status", "=", "active")
    .executeTakeFirst();
  const b2b =
    membership === undefined ? null : ((await paidUntil(db, membership.billing_user_id, true)) ?? 0);
  const values = {
    subscriber_until: subscriber,
    b2b_until: b2b,
    company_admin: membership?.is_admin === 1 ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto("entitlement")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
}

/**
 * Recomputes and stores an account's entitlement and, when the account pays for a company, its
 * members' (their b2b role follows the company plan). Answers every account rewritten: the caller
 * then forgets their cached sessions.
 */
export async function refreshEntitlement(db: Kysely<DB>, userId: string, now: number): Promise<string[]> {
  await storeEntitlement(db, userId, now);
  const members = await db
    .selectFrom("company_member")
    .innerJoin("company", "company.id", "company_member.company_id")
    .select("company_member.user_id")
    .where("company.billing_user_id", "=", userId)
    .where("company_member.status", "=", "active")
    .where("company_member.user_id", "is not", null)
    .where("company_member.user_id", "!=", userId)
    .execute();
  const others = members.flatMap((member) => (member.user_id === null ? [] : [member.user_id]));
  for (const other of others) await storeEntitlement(db, other, now);
  return [userId, ...others];
}
