import type { Kysely } from "kysely";
import { leadDaysOf, reminderFields } from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import type { DB } from "../../db/schema.ts";
import type { TransactionSubscriber } from "../../file/changes.ts";
import { deletePendingJobsOf, type EnqueueOptions } from "../../jobs/queue.ts";
import type { JobQueue } from "../../jobs/runner.ts";
import { DAY_MS } from "./upcoming.ts";

/** One reminder mail: the record's date field as it was when scheduled, and which lead time. */
export type ReminderPayload = {
  ownerId: string;
  recordId: string;
  field: string;
  date: number;
  leadDays: number;
};

export type ReminderJobs = { "reminder.send": ReminderPayload };

/** Names one mail for good: a second enqueue of the same item and lead time is a no-op. */
export function reminderKey(payload: Omit<ReminderPayload, "ownerId">): string {
  return `reminder:${payload.recordId}:${payload.field}:${payload.date}:${payload.leadDays}`;
}

/** The subject of a record's reminder jobs (jobs/queue.ts): a save replaces them all at once. */
function subjectOf(recordId: string): string {
  return `reminder:${recordId}`;
}

/** A reminder job as enqueued: its payload and when, under which key and subject. */
export type WantedReminder = {
  payload: ReminderPayload;
  options: Required<Pick<EnqueueOptions, "runAt" | "uniqueKey" | "subject">>;
};

/**
 * Every mail a body wants: one per `date R` field holding a date and per lead time still ahead,
 * as a save and the backfill both enqueue it.
 */
export function wantedReminders(
  ownerId: string,
  recordId: string,
  category: CategoryDef,
  body: RecordBody,
  now: number,
): WantedReminder[] {
  return reminderFields(category).flatMap((field) => {
    const date = body[field.key];
    if (typeof date !== "number" || !Number.isFinite(date)) return [];
    return (
      leadDaysOf(category, field)
        .map((leadDays) => {
          const payload = { ownerId, recordId, field: field.key, date, leadDays };
          const runAt = date - leadDays * DAY_MS;
          return {
            payload,
            options: { runAt, uniqueKey: reminderKey(payload), subject: subjectOf(recordId) },
          };
        })
        // A lead time already past is skipped: the person has just typed the date and the dashboard
        // lists it; a mail about it now would be noise.
        .filter((job) => job.options.runAt > now)
    );
  });
}

/** Removes the record's unfinished reminder jobs, except those whose keys are kept. */
function cancelPending(db: Kysely<DB>, recordId: string, keep: ReadonlySet<string>): Promise<void> {
  return deletePendingJobsOf(db, subjectOf(recordId), keep);
}

/**
 * Subscribes to the records' changes (server/file/changes.ts): after a save the record's reminder jobs are exactly those its
 * dates want (new ones enqueued, those of a changed or cleared date removed); after a delete none
 * remain. Jobs already done keep their keys, so a mail sent is never sent again for the same
 * date and lead time.
 */
export function reminderScheduler(options: {
  jobs: JobQueue<ReminderJobs>;
  clock: () => number;
}): TransactionSubscriber {
  const { jobs, clock } = options;
  // In the record's transaction: the mails are jobs, sent by the queue only once it committed.
  return async (trx, change) => {
    if (change.kind !== "record") return;
    if (change.operation === "deleted") {
      await cancelPending(trx, change.id, new Set());
      return;
    }
    const { ownerId, id: recordId, category, body } = change;
    // A category without reminder dates has no jobs to replace (one an older catalog left is
    // checked against the record when it runs, send.ts): its saves ask the database nothing.
    if (reminderFields(category).length === 0) return;
    const wanted = wantedReminders(ownerId, recordId, category, body, clock());
    const keys = new Set(wanted.map((job) => job.options.uniqueKey));
    await cancelPending(trx, recordId, keys);
    for (const job of wanted) await jobs.enqueue("reminder.send", job.payload, job.options, trx);
  };
}
