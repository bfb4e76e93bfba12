import type { Kysely } from "kysely";
import type { AdminUser, AdminUserDetail } from "../../../domain/schemas/admin.ts";
import type { DB } from "../../db/schema.ts";
import { activeCompanyOf } from "../companies/index.ts";
import { billingFactsOf } from "../subscriptions/index.ts";

type BillingFacts = Omit<AdminUserDetail, keyof AdminUser>;

/**
 * What a platform admin sees of an account's billing: its plan, the codes it redeemed and its
 * charity (asked of subscriptions), and its company (asked of companies).
 */
export async function accountBilling(db: Kysely<DB>, userId: string, now: number): Promise<BillingFacts> {
  const { subscription, codes, donation } = await billingFactsOf(db, userId, now);
  return { subscription, codes, company: await activeCompanyOf(db, userId), donation };
}
