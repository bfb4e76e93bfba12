import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import pino, { type BaseLogger } from "pino";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { DEFAULT_MAX_ATTEMPTS, retryDelayMs } from "./backoff.ts";
import { claimDueJobs, failAbandonedJobs, type JobRow } from "./claim.ts";
import { deletePendingJob, type EnqueueOptions, insertJob } from "./queue.ts";

export type { EnqueueOptions } from "./queue.ts";

/** Job kinds and their payloads, e.g. `{ "mail.deliver": { mailId: string } }`. Payloads are stored as JSON. */
export type JobPayloads = Record<string, unknown>;

export type JobContext = {
  jobId: string;
  kind: string;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
  /** When true, throwing marks the job failed for good instead of retrying it. */
  isLastAttempt: boolean;
};

/** Does the job's work; throwing schedules a retry with backoff, or fails the job after its last attempt. */
export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

export type JobHandlers<Kinds extends JobPayloads> = {
  [Kind in keyof Kinds & string]: JobHandler<Kinds[Kind]>;
};

/** What a feature needs to schedule work: the part of the runner it may see. */
export type JobQueue<Kinds extends JobPayloads> = {
  /**
   * Stores a job and returns its id. Pass the caller's transaction to create the job atomically
   * with the data it is about.
   */
  enqueue<Kind extends keyof Kinds & string>(
    kind: Kind,
    payload: Kinds[Kind],
    options?: EnqueueOptions,
    trx?: Kysely<DB>,
  ): Promise<string>;
  /** Cancels the unfinished job holding uniqueKey (see deletePendingJob); false when there was none. */
  cancel(uniqueKey: string, trx?: Kysely<DB>): Promise<boolean>;
};

export type RunSummary = { done: number; retried: number; failed: number };

export type JobRunner<Kinds extends JobPayloads> = JobQueue<Kinds> & {
  /** Claims the jobs due now (at most limit) and runs them; resolves when they have all finished. */
  runDue(limit?: number): Promise<RunSummary>;
  /** Polls for due jobs every intervalMs, and again at once while full batches keep coming. */
  start(options: { intervalMs: number }): void;
  /** Stops polling and resolves once every running handler has finished. */
  stop(): Promise<void>;
};

export type JobLogger = Pick<BaseLogger, "info" | "warn" | "error">;

/** Calls `poll` once after `delayMs` and answers how to cancel that; tests pass their own to run polls by hand. */
export type PollTimer = (poll: () => void, delayMs: number) => () => void;

/** The process's timer, which alone must not keep the process alive (the open server does; CLI commands and tests end). */
const processTimer: PollTimer = (poll, delayMs) => {
  const timeout = setTimeout(poll, delayMs);
  timeout.unref();
  return () => clearTimeout(timeout);
};

export type JobRunnerOptions<Kinds extends JobPayloads> = {
  database: Database;
  handlers: JobHandlers<Kinds>;
  /** Epoch ms; tests pass their own to move time. */
  clock?: () => number;
  /** What schedules the next poll once started; the process's timer by default. */
  timer?: PollTimer;
  /** Names this process in locked_by; unique by default. */
  workerId?: string;
  /** How long a claimed job is reserved for its worker (5 minutes by default); handlers must finish within it. */
  leaseMs?: number;
  /** Jobs claimed at once (10 by default); they run concurrently. */
  batchSize?: number;
  logger?: JobLogger;
};

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_BATCH_SIZE = 10;
/** Enough to diagnose; a stack trace or a huge server reply must not bloat the table. */
const ERROR_MAX_LENGTH = 2_000;

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return message.slice(0, ERROR_MAX_LENGTH);
}

export function createJobRunner<Kinds extends JobPayloads>(
  options: JobRunnerOptions<Kinds>,
): JobRunner<Kinds> {
  const { database, handlers } = options;
  const clock = options.clock ?? Date.now;
  const timer = options.timer ?? processTimer;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const logger = options.logger ?? pino({ enabled: false });
  const handlerFor = (kind: string): JobHandler<unknown> | undefined =>
    Object.hasOwn(handlers, kind) ? (handlers[kind] as JobHandler<unknown>) : undefined;

  const running = new Set<Promise<unknown>>();
  let cancelNextPoll = () => {};
  let polling: Promise<void> | undefined;
  let stopped = true;

  /** Updates a job only while this worker's claim on it is still the current one. */
  const ownClaim = (job: JobRow) =>
    database.db
      .updateTable("job")
      .where("id", "=", job.id)
      .where("locked_by", "=", workerId)
      .where("attempts", "=", job.attempts);

  async function runJob(job: JobRow): Promise<keyof RunSummary> {
    const log = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    const handler = handlerFor(job.kind);
    try {
      if (handler === undefined) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(JSON.parse(job.payload), {
        jobId: job.id,
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        isLastAttempt: job.attempts >= job.max_attempts,
      });
    } catch (error) {
      const lastError = describeError(error);
      if (handler === undefined || job.attempts >= job.max_attempts) {
        await ownClaim(job)
          .set({ failed_at: clock(), last_error: lastError, locked_by: null, locked_until: null })
          .execute();
        logger.error({ ...log, err: error }, "job failed for good");
        return "failed";
      }
      const retryAt = clock() + retryDelayMs(job.attempts);
      await ownClaim(job)
        .set({ run_at: retryAt, last_error: lastError, locked_by: null, locked_until: null })
        .execute();
      logger.warn({ ...log, err: error, retryAt }, "job failed; will retry");
      return "retried";
    }
    await ownClaim(job).set({ done_at: clock(), locked_by: null, locked_until: null }).execute();
    return "done";
  }

  async function runDue(limit = batchSize): Promise<RunSummary> {
    const now = clock();
    const abandoned = await failAbandonedJobs(database, now);
    if (abandoned > 0) logger.error({ count: abandoned }, "jobs abandoned by a stopped worker marked failed");
    const jobs = await claimDueJobs(database, { workerId, now, leaseMs, limit });
    const summary: RunSummary = { done: 0, retried: 0, failed: abandoned };
    const outcomes = jobs.map((job) => {
      const outcome = runJob(job).then((result) => {
        summary[result] += 1;
      });
      running.add(outcome);
      return outcome.finally(() => running.delete(outcome));
    });
    // Every job settles before the batch reports, even when recording one outcome failed.
    const settled = await Promise.allSettled(outcomes);
    const rejected = settled.find((result) => result.status === "rejected");
    if (rejected !== undefined) throw rejected.reason;
    return summary;
  }

  async function poll(intervalMs: number): Promise<void> {
    let fullBatch = false;
    try {
      const { done, retried, failed } = await runDue();
      fullBatch = done + retried + failed >= batchSize;
    } catch (error) {
      // The database may be briefly unreachable; the next tick tries again.
      logger.error({ err: error }, "job polling failed");
    }
    if (!stopped) {
      cancelNextPoll = timer(
        () => {
          polling = poll(intervalMs);
        },
        fullBatch ? 0 : intervalMs,
      );
    }
  }

  return {
    enqueue: (kind, payload, enqueueOptions = {}, trx = database.db) => {
      if (handlerFor(kind) === undefined) {
        return Promise.reject(new Error(`no handler for job kind "${kind}"`));
      }
      const now = clock();
      return insertJob(trx, {
        kind,
        payload,
        runAt: enqueueOptions.runAt ?? now,
        maxAttempts: enqueueOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        uniqueKey: enqueueOptions.uniqueKey,
        subject: enqueueOptions.subject,
        now,
      });
    },
    cancel: (uniqueKey, trx = database.db) => deletePendingJob(trx, uniqueKey),
    runDue,
    start({ intervalMs }) {
      if (!stopped) return;
      stopped = false;
      polling = poll(intervalMs);
    },
    async stop() {
      stopped = true;
      cancelNextPoll();
      await polling;
      await Promise.allSettled([...running]);
    },
  };
}
