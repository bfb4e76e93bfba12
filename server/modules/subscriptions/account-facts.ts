import type { Kysely } from "kysely";
import type { AdminUserDetail } from "../../../domain/schemas/admin.ts";
import type { DB } from "../../db/schema.ts";
import { displayCode } from "./codes.ts";
import { chosenCharity } from "./donation.ts";
import { byCurrentThenNewest, presentSubscription } from "./presenter.ts";
import { subscriptionRepository } from "./repository.ts";

/**
 * What a platform admin sees of an account's billing: its plan, the codes it redeemed and its
 * charity. Read from the database only (no call to Stripe), so the view works in every mode.
 */
export async function billingFactsOf(
  db: Kysely<DB>,
  userId: string,
  now: number,
): Promise<Pick<AdminUserDetail, "subscription" | "codes" | "donation">> {
  const repository = subscriptionRepository(db);
  const plans = (await repository.withProductNames(userId))
    .map((row) => ({ ...presentSubscription(row, undefined, now), productName: row.product_name }))
    .sort(byCurrentThenNewest);
  const plan = plans[0];
  const codes = await repository.redeemedCodes(userId);
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
    donation: await chosenCharity(db, userId),
  };
}

/** Every running Stripe plan with its product's price (the admin overview's sums). */
export function runningPlans(db: Kysely<DB>) {
  return subscriptionRepository(db).runningStripePlans();
}

/** A company plan: the newest B2B subscription of the company's billing user, with its product. */
export function newestCompanyPlan(db: Kysely<DB>, billingUserId: string) {
  return subscriptionRepository(db).newestB2B(billingUserId);
}
