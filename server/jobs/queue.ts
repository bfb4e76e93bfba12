import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

export type EnqueueOptions = {
  /** Epoch ms before which the job does not run; now by default. */
  runAt?: number;
  /** Enqueues the job at most once: a second enqueue with the same key returns the first job's id. */
  uniqueKey?: string;
  /** What the job is about ("reminder:<record id>"): deletePendingJobsOf removes a subject's jobs. */
  subject?: string;
  maxAttempts?: number;
};

export type NewJob = {
  kind: string;
  payload: unknown;
  runAt: number;
  maxAttempts: number;
  uniqueKey: string | undefined;
  subject: string | undefined;
  now: number;
};

/** Stores a job and returns its id, or the id of the job already holding its unique key. */
export async function insertJob(db: Kysely<DB>, job: NewJob): Promise<string> {
  const row = {
    id: randomUUID(),
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    run_at: job.runAt,
    max_attempts: job.maxAttempts,
    locked_by: null,
    locked_until: null,
    last_error: null,
    done_at: null,
    failed_at: null,
    created_at: job.now,
    unique_key: job.uniqueKey ?? null,
    subject: job.subject ?? null,
  };
  if (job.uniqueKey === undefined) {
    await db.insertInto("job").values(row).execute();
    return row.id;
  }
  // ON CONFLICT DO NOTHING rather than catching a violation: on PostgreSQL a failed statement would
  // abort the caller's whole transaction.
  const inserted = await db
    .insertInto("job")
    .values(row)
    .onConflict((conflict) => conflict.column("unique_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted !== undefined) return inserted.id;
  const existing = await db
    .selectFrom("job")
    .select("id")
    .where("unique_key", "=", job.uniqueKey)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/**
 * Removes the unfinished job holding uniqueKey, which frees the key. A handler already running is
 * not interrupted, but its outcome is no longer recorded and it is never retried; handlers whose
 * work must not happen after a cancel re-check their preconditions in the database.
 */
export async function deletePendingJob(db: Kysely<DB>, uniqueKey: string): Promise<boolean> {
  const result = await db
    .deleteFrom("job")
    .where("unique_key", "=", uniqueKey)
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Removes every unfinished job about `subject` (EnqueueOptions.subject) but those whose unique keys
 * are in `keep`, as deletePendingJob does for one key; through an index, as a save does it.
 */
export async function deletePendingJobsOf(
  db: Kysely<DB>,
  subject: string,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  await deletePendingJobsOfStatement(db, subject, keep).execute();
}

/** deletePendingJobsOf's statement (its test reads SQLite's plan of it). */
export function deletePendingJobsOfStatement(db: Kysely<DB>, subject: string, keep: ReadonlySet<string>) {
  return db
    .deleteFrom("job")
    .where("subject", "=", subject)
    .$if(keep.size > 0, (query) => query.where("unique_key", "not in", [...keep]))
    .where("done_at", "is", null)
    .where("failed_at", "is", null);
}

/**
 * Removes every unfinished job whose unique key matches a LIKE pattern, as deletePendingJob does
 * for one key. It reads every unfinished job: for rare work (an account's deletion), not a save's.
 */
export async function deletePendingJobsLike(db: Kysely<DB>, keyPattern: string): Promise<void> {
  await db
    .deleteFrom("job")
    .where("unique_key", "like", keyPattern)
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .execute();
}

/**
 * Marks a job done from inside the transaction of its work, so a retry after a crash finds it
 * finished; false when it already was (a worker whose lease ran out racing the one that took over).
 */
export async function markJobDone(db: Kysely<DB>, jobId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("job")
    .set({ done_at: now })
    .where("id", "=", jobId)
    .where("done_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
