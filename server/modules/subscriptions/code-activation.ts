import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ActivationResult } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import type { DB } from "../../db/schema.ts";
import { type CodeRow, recordFailedAttempt, redeem, refuseGuessing, usableCode } from "./codes.ts";
import { subscriptionRepository } from "./repository.ts";
import type { SubscriptionContext } from "./service-context.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Takes a use of the code and does what it grants in one transaction; false, with nothing
 * written, when the use was already spent (by this account, or the last use by another).
 */
async function redeemInTransaction(
  db: Kysely<DB>,
  code: CodeRow,
  actor: Actor,
  now: number,
  pending: boolean,
  grant: (trx: Kysely<DB>) => Promise<void>,
): Promise<boolean> {
  const spent = new Error("code spent");
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await redeem(trx, code, actor.userId, now, pending))) throw spent;
      await grant(trx);
    });
    return true;
  } catch (error) {
    if (error === spent) return false;
    throw error;
  }
}

/**
 * An eVoucher or unique subscription code starts (or extends) a free period at once; a
 * discount waits for the next subscribe. A code that cannot be used answers status false,
 * the same whether it exists or not, and counts towards the guessing limit.
 */
export function codeActivation(context: SubscriptionContext) {
  const { db, deps } = context;
  return async function activate(actor: Actor, typed: string, ip: string): Promise<ActivationResult> {
    const now = deps.clock();
    const keys = [`account:${actor.userId}`, `address:${ip}`];
    await refuseGuessing(db, keys, now);
    const kinds =
      deps.stripe === null
        ? (["voucher", "subscription"] as const)
        : (["discount", "voucher", "subscription"] as const);
    const code = await usableCode(db, typed, actor.userId, now, kinds);
    const failed = async (): Promise<ActivationResult> => {
      await recordFailedAttempt(db, keys, now);
      return { type: "voucher", status: false };
    };
    if (code === undefined) return failed();
    if (code.kind === "discount") {
      const taken = await redeemInTransaction(db, code, actor, now, true, async () => {});
      return taken ? { type: "discount", status: true } : failed();
    }
    const granted = await redeemInTransaction(db, code, actor, now, false, async (trx) => {
      const subscriptions = subscriptionRepository(trx);
      // A second code extends the first rather than running beside it.
      const start = Math.max(now, await subscriptions.codePeriodEnd(actor.userId));
      await subscriptions.insert({
        id: randomUUID(),
        user_id: actor.userId,
        provider: "code",
        product_id: null,
        provider_subscription_id: null,
        status: "active",
        quantity: 1,
        current_period_end: start + (code.period_days ?? 0) * DAY_MS,
        cancel_at_period_end: 0,
        code_id: code.id,
        provider_event_at: null,
        reminded_period_end: null,
        created_at: now,
        updated_at: now,
      });
      await deps.entitlements.refresh(actor.userId, trx);
    });
    if (!granted) return failed();
    deps.entitlements.forget(actor.userId);
    return { type: "voucher", status: true };
  };
}
