import type { Kysely } from "kysely";
import type { AccountCompany } from "../../../domain/schemas/admin.ts";
import type { DB } from "../../db/schema.ts";

/**
 * The company an account is an active member of, for other modules (the platform admin's view of
 * an account): the company's id and name and the member's role, nothing of its other members.
 */
export async function activeCompanyOf(db: Kysely<DB>, userId: string): Promise<AccountCompany | null> {
  const row = await db
    .selectFrom("company_member")
    .innerJoin("company", "company.id", "company_member.company_id")
    .select(["company.id", "company.name", "company_member.is_admin"])
    .where("company_member.user_id", "=", userId)
    .where("company_member.status", "=", "active")
    .executeTakeFirst();
  if (row === undefined) return null;
  return { id: row.id, name: row.name, role: row.is_admin === 1 ? "admin" : "member" };
}

/** The company an account runs as an active admin, for its own pages and for its billing. */
export function administeredCompany(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("company")
    .innerJoin("company_member", "company_member.company_id", "company.id")
    .selectAll("company")
    .where("company_member.user_id", "=", userId)
    .where("company_member.status", "=", "active")
    .where("company_member.is_admin", "=", 1)
    .executeTakeFirst();
}
