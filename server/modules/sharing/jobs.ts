import type { Database } from "../../db/database.ts";
import type { JobHandlers, JobQueue } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { ApprovalLinks } from "./approval-links.ts";
import { createLifecycle } from "./lifecycle.ts";
import type { SharingJobs } from "./schedule.ts";

/**
 * The sharing jobs' handlers. Each re-checks the nominee in the database inside the transaction
 * that also writes its mails and marks the job done, so a job that was cancelled, superseded or
 * already run by another worker changes nothing and mails no one.
 */
export function sharingJobHandlers(options: {
  database: Database;
  publicUrl: string;
  clock?: () => number;
  /**
   * A getter: the outbox and the queue are the runner these handlers are part of, and the links
   * need the auth secret that is resolved after it.
   */
  services: () => { outbox: MailOutbox; jobs: JobQueue<SharingJobs>; links: ApprovalLinks };
}): JobHandlers<SharingJobs> {
  const lifecycle = () =>
    createLifecycle({
      db: options.database.db,
      publicUrl: options.publicUrl,
      clock: options.clock ?? Date.now,
      ...options.services(),
    });
  return {
    "share.release": (payload, context) =>
      lifecycle().releaseUnanswered(payload.nomineeId, payload.requestId, context.jobId),
    "share.remind": (payload, context) =>
      lifecycle().remind(payload.nomineeId, payload.requestId, context.jobId),
    "share.end": (payload, context) =>
      lifecycle().end(payload.nomineeId, payload.accessEndsAt, context.jobId),
    "share.opened": (payload, context) =>
      lifecycle().mailOpened(payload.nomineeId, payload.releasedAt, context.jobId),
  };
}
