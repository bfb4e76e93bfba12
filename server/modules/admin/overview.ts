import type { AdminOverview } from "../../../domain/schemas/admin.ts";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import { authBoolean, authDate } from "../../auth/auth-values.ts";
import type { Database } from "../../db/database.ts";
import { companyTotals } from "../companies/index.ts";
import { currenciesOnSale, runningPlans } from "../subscriptions/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
const WEEKS = 12;

/** Monday 00:00 UTC of the week holding `epochMs`. */
export function weekStart(epochMs: number): number {
  const day = new Date(epochMs);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - sinceMonday * DAY_MS;
}

/**
 * The admin overview: counts and sums only, never a person's data. Accounts' creation times are
 * read as one column and grouped by week here, since the two databases store better-auth's dates
 * differently.
 */
export async function adminOverview(
  database: Database,
  billing: BillingMode,
  now: number,
): Promise<AdminOverview> {
  const db = database.db;
  const users = await db.selectFrom("user").select(["emailVerified", "createdAt"]).execute();
  const plans = await runningPlans(db);
  const totals = await companyTotals(db);

  const byPlan = new Map<string, AdminOverview["subscriptions"][number]>();
  const revenue = new Map<string, number>();
  for (const plan of plans) {
    const key = `${plan.currency}\u0000${plan.name}\u0000${plan.interval}`;
    const row = byPlan.get(key) ?? {
      currency: plan.currency,
      plan: plan.name,
      interval: plan.interval,
      count: 0,
      seats: 0,
    };
    row.count += 1;
    row.seats += Number(plan.quantity);
    byPlan.set(key, row);
    const monthly = (Number(plan.amount) * Number(plan.quantity)) / (plan.interval === "year" ? 12 : 1);
    revenue.set(plan.currency, (revenue.get(plan.currency) ?? 0) + monthly);
  }

  const first = weekStart(now) - (WEEKS - 1) * WEEK_MS;
  const weeks = Array.from({ length: WEEKS }, (_, index) => ({
    weekStart: first + index * WEEK_MS,
    signUps: 0,
    subscriptions: 0,
  }));
  const bucket = (epochMs: number | null) => {
    if (epochMs === null || epochMs < first) return undefined;
    return weeks[Math.floor((epochMs - first) / WEEK_MS)];
  };
  for (const user of users) {
    const week = bucket(authDate(user.createdAt));
    if (week) week.signUps += 1;
  }
  for (const plan of plans) {
    const week = bucket(Number(plan.created_at));
    if (week) week.subscriptions += 1;
  }

  return {
    users: users.length,
    verifiedUsers: users.filter((user) => authBoolean(user.emailVerified)).length,
    subscriptions: [...byPlan.values()].sort(
      (a, b) => a.currency.localeCompare(b.currency) || b.count - a.count,
    ),
    monthlyRecurringRevenue: [...revenue.entries()]
      .map(([currency, amount]) => ({ currency, amount: Math.round(amount) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    companies: totals.companies,
    seatsUsed: totals.seatsUsed,
    weeks,
    nothingOnSale: billing === "stripe" && (await currenciesOnSale(db, false)).length === 0,
  };
}
