import type { Kysely } from "kysely";
import type { AdminUser, AdminUserDetail } from "../../../domain/schemas/admin.ts";
import type { DB } from "../../db/schema.ts";
import { activeCompanyOf } from "../companies/membership-reader.ts";
import { displayCode } from "../subscriptions/codes.ts";
import { chosenCharity } from "../subscriptions/donation.ts";
import { byCurrentThenNewest, presentSubscription } from "../subscriptions/service.ts";

type BillingFacts = Omit<AdminUserDetail, keyof AdminUser>;

/**
 * What a platform admin sees of an account's billing: its plan, the codes it redeemed, its company
 * and its charity. Read from the database only (no call to Stripe), so the view works in every mode.
 */
export async function accountBilling(db: Kysely<DB>, userId: string, now: number): Promise<BillingFacts> {
  const rows = await db
    .selectFrom("subscription")
    .leftJoin("product", "product.id", "subscription.product_id")
    .selectAll("subscription")
    .select("product.name as product_name")
    .where("subscription.user_id", "=", userId)
    .execute();
  const plans = rows
    .map((row) => ({ ...presentSubscription(row, undefined, now), productName: row.product_name }))
    .sort(byCurrentThenNewest);
  const plan = plans[0];
  const codes = await db
    .selectFrom("code_redemption")
    .innerJoin("billing_code", "billing_code.id", "code_redemption.code_id")
    .select(["billing_code.code", "billing_code.kind", "code_redemption.created_at"])
    .where("code_redemption.user_id", "=", userId)
    .where("code_redemption.pending", "=", 0)
    .orderBy("code_redemption.created_at", "desc")
    .execute();
  return {
    subscription:
      plan === undefined
        ? null
        : {
            product: plan.productName ?? null,
            status: plan.status,
            currentPeriodEnd: plan.currentPeriodEnd,
            cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
          },
    codes: codes.map((code) => ({
      code: displayCode(code.code),
      kind: code.kind,
      redeemedAt: code.created_at,
    })),
    company: await activeCompanyOf(db, userId),
    donation: await chosenCharity(db, userId),
  };
}
