import { z } from "zod";
import type { ChosenCharity, CodeKind, SubscriptionStatus } from "./subscription.ts";

/**
 * The admin area's users, account comments and audit log: the shapes of `/api/admin/users*`,
 * `/api/admin/comments/*` and `/api/admin/audit`. An admin sees an account's facts, never its
 * records, persons, documents or vault.
 */

export const USER_STATUSES = ["active", "unverified", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export type AdminUser = {
  id: string;
  email: string;
  name: string;
  /** The spec's role names (subscriber, b2b, companyAdmin, admin). */
  roles: string[];
  status: UserStatus;
  twoFactor: boolean;
  createdAt: number;
  /** The last successful sign-in, null if never. */
  lastSignInAt: number | null;
};

/** The company an account is an active member of, and whether it runs it. */
export type AccountCompany = { id: string; name: string; role: "admin" | "member" };

/**
 * `GET /api/admin/users/{id}`: the account's facts and its billing facts (its plan, the codes it
 * redeemed, its company, its charity), still never its records.
 */
export type AdminUserDetail = AdminUser & {
  /** The current plan (else the newest), null when the account never held one. */
  subscription: {
    product: string | null;
    status: SubscriptionStatus;
    currentPeriodEnd: number | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** Newest first. */
  codes: { code: string; kind: CodeKind; redeemedAt: number }[];
  company: AccountCompany | null;
  donation: ChosenCharity | null;
};

const pageFields = {
  page: z.coerce
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(0, { error: "errors:fields.too_small" })
    .max(1_000_000, { error: "errors:fields.too_big" })
    .default(0),
  size: z.coerce
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(1, { error: "errors:fields.too_small" })
    .max(100, { error: "errors:fields.too_big" })
    .default(20),
};

/** `GET /api/admin/users?search=&page=&size=`: by email or name, newest first. */
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100, { error: "errors:fields.too_long" }).default(""),
  ...pageFields,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const grantAdminQuerySchema = z.object({
  grant: z
    .enum(["true", "false"], { error: "errors:fields.invalid_choice" })
    .transform((value) => value === "true"),
});

/** One line of the audit log: who did what to which target, when and from where. */
export type AuditEntry = {
  id: string;
  actorId: string;
  actorEmail: string | null;
  action: string;
  subjectKind: string;
  subjectId: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  createdAt: number;
};

/** `GET /api/admin/audit?action=&actorId=&page=&size=`: newest first. */
export const auditQuerySchema = z.object({
  action: z.string().trim().max(64, { error: "errors:fields.too_long" }).default(""),
  actorId: z.string().trim().max(64, { error: "errors:fields.too_long" }).default(""),
  ...pageFields,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** `GET /api/admin/overview`: the platform at a glance. Money in minor units per currency. */
export type AdminOverview = {
  users: number;
  verifiedUsers: number;
  /** Paid plans running (active, trialing or past due), by currency and plan. */
  subscriptions: { currency: string; plan: string; interval: string; count: number; seats: number }[];
  /** Monthly recurring revenue per currency: monthly plans, and yearly ones divided by 12. */
  monthlyRecurringRevenue: { currency: string; amount: number }[];
  companies: number;
  seatsUsed: number;
  /** The last 12 weeks, oldest first: sign-ups and new paid subscriptions per week (Monday, UTC). */
  weeks: { weekStart: number; signUps: number; subscriptions: number }[];
  /** Billing is on (stripe) and no individual plan is on sale: nobody can subscribe. */
  nothingOnSale: boolean;
};
