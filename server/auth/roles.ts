import type { Kysely } from "kysely";
import type { BillingMode, SubscriptionStatus } from "../../domain/schemas/subscription.ts";
import type { DB } from "../db/schema.ts";
import type { Role } from "./access.ts";
import { authBoolean } from "./auth-values.ts";

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
 * rewritten through storeEntitlement by the subscriptions module (its entitlements.ts) whenever a
 * subscription or a membership changes, and read by the session lookup's single query: no request
 * pays a query of its own for its roles.
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

/** A row of `user` joined to its `entitlement`, as the queries that decide roles select it. */
export type RoleRow = {
  emailVerified: number | boolean | null;
  role: string | null;
  subscriber_until: number | null;
  b2b_until: number | null;
  company_admin: number | null;
};

/** The role decision's facts from such a row (better-auth's booleans read on either database). */
export function roleFactsOf(row: RoleRow): RoleFacts {
  return {
    emailVerified: authBoolean(row.emailVerified),
    adminRole: row.role,
    subscriberUntil: row.subscriber_until,
    b2bUntil: row.b2b_until,
    companyAdmin: row.company_admin === 1,
  };
}

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

/**
 * The roles an account holds now, from the same facts the session lookup reads, for an account
 * that is not the one signed in (the owner whose file a collaborator works in). None for an
 * account that no longer exists.
 */
export async function accountRoles(
  db: Kysely<DB>,
  userId: string,
  billing: BillingMode,
  now: number,
): Promise<Role[]> {
  const row = await db
    .selectFrom("user")
    .leftJoin("entitlement", "entitlement.user_id", "user.id")
    .select([
      "user.emailVerified",
      "user.role",
      "entitlement.subscriber_until",
      "entitlement.b2b_until",
      "entitlement.company_admin",
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  return row === undefined ? [] : rolesOf(roleFactsOf(row), billing, now);
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

/** The entitlement row's facts, as the subscriptions module computes them. */
export type EntitlementValues = {
  subscriber_until: number | null;
  b2b_until: number | null;
  company_admin: number;
};

/** Writes an account's entitlement row (the session lookup reads it), inside the caller's transaction. */
export async function storeEntitlement(
  db: Kysely<DB>,
  userId: string,
  entitlement: EntitlementValues,
  now: number,
): Promise<void> {
  const values = { ...entitlement, updated_at: now };
  await db
    .insertInto("entitlement")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
}
