import type { Kysely } from "kysely";
import type { AccountCompany } from "../../../domain/schemas/admin.ts";
import type { DB } from "../../db/schema.ts";
import { type CompanyRow, companyRepository } from "./repository.ts";

/**
 * The company an account is an active member of, for other modules (the platform admin's view of
 * an account): the company's id and name and the member's role, nothing of its other members.
 */
export async function activeCompanyOf(db: Kysely<DB>, userId: string): Promise<AccountCompany | null> {
  const row = await companyRepository(db).activeCompanyOf(userId);
  if (row === undefined) return null;
  return { id: row.id, name: row.name, role: row.is_admin === 1 ? "admin" : "member" };
}

/** The company an account runs as an active admin, for its own pages and for its billing. */
export function administeredCompany(db: Kysely<DB>, userId: string): Promise<CompanyRow | undefined> {
  return companyRepository(db).administeredBy(userId);
}

/** How many companies there are and how many seats they hold (the admin overview). */
export function companyTotals(db: Kysely<DB>): Promise<{ companies: number; seatsUsed: number }> {
  return companyRepository(db).totals();
}

/**
 * What the role decision needs of an account's company (server/modules/subscriptions/entitlements.ts):
 * whether it is an active member, an admin, and who pays the plan.
 */
export async function membershipForRoles(
  db: Kysely<DB>,
  userId: string,
): Promise<{ isAdmin: boolean; billingUserId: string } | null> {
  const row = await companyRepository(db).activeMembershipFacts(userId);
  return row === undefined ? null : { isAdmin: row.is_admin === 1, billingUserId: row.billing_user_id };
}

/** The other accounts active in the companies an account pays for: their roles follow its plan. */
export function membersPaidBy(db: Kysely<DB>, userId: string): Promise<string[]> {
  return companyRepository(db).activeMembersPaidBy(userId);
}
