import type { Database } from "../../db/database.ts";
import type { FileChanges } from "../../file/changes.ts";
import { periodicRun } from "../../jobs/periodic.ts";
import type { JobHandlers, JobQueue } from "../../jobs/runner.ts";
import type { AccountEraser } from "./account-deletion.ts";

export type PurgeJobs = { "account.purge-unverified": { day: number } };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an address may stay unconfirmed: well past the verification link's lifetime and a
 * resent link or two, short enough that a sign-up nobody confirms (a typo, a bot, someone else's
 * address) does not keep what it stored.
 */
export const UNVERIFIED_ACCOUNT_TTL_MS = 14 * DAY_MS;

/** Accounts erased per run, so that one run stays well inside the job's lease. */
const BATCH = 200;

/**
 * Schedules the purge for the day `now` falls in, once whatever the number of servers (the day
 * names the job's unique key); each run schedules the next day's.
 */
export async function schedulePurgeOfUnverified(jobs: JobQueue<PurgeJobs>, now: number): Promise<void> {
  const { index: day, options } = periodicRun("account.purge-unverified", DAY_MS, now);
  await jobs.enqueue("account.purge-unverified", { day }, options);
}

/** Erases accounts never confirmed within UNVERIFIED_ACCOUNT_TTL_MS, everything they stored with them. */
export async function purgeUnverifiedAccounts(
  database: Database,
  eraser: AccountEraser,
  changes: FileChanges,
  now: number,
): Promise<number> {
  // better-auth keeps booleans as 0/1 and dates as ISO text on SQLite, as native types on PostgreSQL.
  const sqlite = database.dialect === "sqlite";
  const cutoff = new Date(now - UNVERIFIED_ACCOUNT_TTL_MS);
  let erased = 0;
  for (;;) {
    const stale = await database.db
      .selectFrom("user")
      .select("id")
      .where("emailVerified", "=", sqlite ? 0 : false)
      .where("createdAt", "<", sqlite ? cutoff.toISOString() : cutoff)
      .limit(BATCH)
      .execute();
    for (const { id } of stale) {
      await changes.transaction(database.db, (trx) => eraser.erase(id, trx));
    }
    erased += stale.length;
    if (stale.length < BATCH) return erased;
  }
}

export function purgeJobHandlers(options: {
  database: Database;
  /** The app's (main.ts passes the same to buildApp, which adds every module's part). */
  eraser: AccountEraser;
  /** Where the deletions publish (server/file/changes.ts). */
  changes: FileChanges;
  jobs: () => JobQueue<PurgeJobs>;
  clock?: () => number;
}): JobHandlers<PurgeJobs> {
  const clock = options.clock ?? Date.now;
  return {
    async "account.purge-unverified"({ day }) {
      await purgeUnverifiedAccounts(options.database, options.eraser, options.changes, clock());
      await schedulePurgeOfUnverified(options.jobs(), (day + 1) * DAY_MS);
    },
  };
}
