import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB, SubscriptionTable } from "../../db/schema.ts";
import type { JobHandlers, JobQueue } from "../../jobs/runner.ts";
import type { BillingMails } from "./mails.ts";
import { subscriptionRepository } from "./repository.ts";

export type RenewalJob = { subscriptionId: string; periodEnd: number };
export type BillingJobs = { "billing.renewal-reminder": RenewalJob };

/** The spec's issue: a reminder 7 days before a yearly renewal. */
export const RENEWAL_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Schedules the renewal reminder of a yearly subscription that will renew, once per period: the
 * unique key names the period, so every sync of the same period (webhooks, re-reads, several
 * servers) adds nothing.
 */
export async function scheduleRenewalReminder(
  jobs: JobQueue<BillingJobs>,
  trx: Kysely<DB>,
  subscription: Pick<SubscriptionTable, "id" | "status" | "cancel_at_period_end" | "current_period_end">,
  interval: string | null,
  now: number,
): Promise<void> {
  const end = subscription.current_period_end;
  if (interval !== "year" || subscription.status !== "active" || subscription.cancel_at_period_end === 1)
    return;
  if (end === null || end <= now) return;
  await jobs.enqueue(
    "billing.renewal-reminder",
    { subscriptionId: subscription.id, periodEnd: end },
    { runAt: Math.max(now, end - RENEWAL_NOTICE_MS), uniqueKey: `billing.renewal:${subscription.id}:${end}` },
    trx,
  );
}

/**
 * Sends the reminder if the subscription still renews at that date (it may have been cancelled
 * or changed since it was scheduled), marking the period so it is sent once.
 */
export function renewalJobHandlers(options: {
  database: Database;
  mails: () => BillingMails;
}): JobHandlers<BillingJobs> {
  return {
    async "billing.renewal-reminder"({ subscriptionId, periodEnd }) {
      await options.database.db.transaction().execute(async (trx) => {
        const subscriptions = subscriptionRepository(trx);
        const marked = await subscriptions.markReminded(subscriptionId, periodEnd);
        if (marked === undefined) return;
        const product =
          marked.product_id === null ? null : ((await subscriptions.product(marked.product_id)) ?? null);
        await options.mails().send(trx, marked.user_id, "renewalReminder", { product, date: periodEnd });
      });
    },
  };
}
