import { categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { JobHandlers, JobQueue } from "../../jobs/runner.ts";
import { openRecordBody } from "../records/index.ts";
import { type ReminderJobs, wantedReminders } from "./schedule.ts";

/** The backfill takes no arguments: it walks every record that holds a reminder date. */
export type ReminderBackfillJobs = { "reminder.backfill": Record<string, never> };

/**
 * One backfill per database and version of the reminder rules: records saved before the
 * reminders module existed get their jobs once, not at every start. Bump the version when lead
 * times or reminder fields change, so existing records are scheduled under the new rules.
 */
export const REMINDER_BACKFILL_KEY = "reminder.backfill:1";

/** Records read and decrypted per query: bounded memory on large databases. */
const BATCH = 200;

/**
 * Schedules the backfill (at start-up): a durable job, so it runs once even with several servers
 * starting together, and is retried if the process stops halfway.
 */
export async function scheduleReminderBackfill(jobs: JobQueue<ReminderBackfillJobs>): Promise<void> {
  await jobs.enqueue("reminder.backfill", {}, { uniqueKey: REMINDER_BACKFILL_KEY });
}

/**
 * The `reminder.backfill` handler: enqueues the `reminder.send` jobs every stored record wants,
 * exactly as a save would (same lead times, lead times already past skipped). Idempotent: the
 * jobs' unique keys make a second run, or a retry after a crash, add nothing, and a mail already
 * sent keeps its key so it is not sent again.
 */
export function reminderBackfillHandlers(options: {
  database: Database;
  dataKeys: DataKeys;
  /** A getter: the queue is the runner these handlers are part of. */
  jobs: () => JobQueue<ReminderJobs>;
  clock?: () => number;
}): JobHandlers<ReminderBackfillJobs> {
  const { database, dataKeys } = options;
  const clock = options.clock ?? Date.now;
  return {
    async "reminder.backfill"() {
      let after = "";
      for (;;) {
        const rows = await database.db
          .selectFrom("record")
          .selectAll()
          .where("reminder_date", "is not", null)
          .where("id", ">", after)
          .orderBy("id")
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          if (!isCategoryKey(row.category)) continue;
          const body = await openRecordBody(dataKeys, row);
          const wanted = wantedReminders(row.owner_id, row.id, categoryDef(row.category), body, clock());
          for (const job of wanted) {
            await options.jobs().enqueue("reminder.send", job.payload, job.options);
          }
        }
        const last = rows.at(-1);
        if (last === undefined || rows.length < BATCH) return;
        after = last.id;
      }
    },
  };
}
