import type { Database } from "../../db/database.ts";
import type { JobHandlers } from "../../jobs/runner.ts";
import type { NomineeRow } from "./presenter.ts";
import { nomineeRepository } from "./repository.ts";
import { type SharingJobs, sharingJobKeys } from "./schedule.ts";
import { createTransitions, type LifecycleDeps } from "./transitions.ts";

/** What the lifecycle needs that is built after the runner: the outbox, the queue, the signed links. */
export type SharingServices = Pick<LifecycleDeps, "outbox" | "jobs" | "links" | "unsubscribe">;

/**
 * What the sharing jobs do. Each re-checks the nominee inside the transaction that also writes
 * its mails and marks the job done, so a job that was cancelled, superseded or already run by
 * another worker changes nothing and mails no one.
 */
function jobWork(deps: LifecycleDeps) {
  const { jobs, clock } = deps;
  const { mails, transition, released, backToAccepted, markDone, inTransaction } = createTransitions(deps);

  return {
    /** share.release: the wait passed without an answer; guarded so it happens once. */
    async releaseUnanswered(nomineeId: string, requestId: string, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        if (!(await markDone(trx, jobId))) return;
        const current = await transition(trx, nomineeId, ["requested"], released(), {
          requestId,
          releaseDue: clock(),
        });
        if (current !== null) {
          await jobs.cancel(sharingJobKeys.remind(nomineeId, requestId), trx);
          await mails.toNominee(trx, current, "released");
          await mails.toOwner(trx, current, "releasedUnanswered");
        }
      });
    },

    /** share.remind: the owner's one reminder on the last day, while the request still waits. */
    async remind(nomineeId: string, requestId: string, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        if (!(await markDone(trx, jobId))) return;
        const row = await nomineeRepository(trx).findInState(nomineeId, { status: "requested", requestId });
        if (row !== undefined && row.release_at !== null) await mails.request(trx, row, true);
      });
    },

    /** share.end: released access reaches its end date ("back to normal"). */
    async end(nomineeId: string, accessEndsAt: number, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        if (!(await markDone(trx, jobId))) return;
        const row = await nomineeRepository(trx).find(nomineeId);
        // The end date is the owner's own revoke, set ahead: a later request waits for their approval.
        if (row !== undefined)
          await backToAccepted(trx, row, ["released"], "ended", { guard: { accessEndsAt }, revoke: true });
      });
    },

    /** share.opened: mails the owner, unless access was revoked or released again since. */
    async mailOpened(nomineeId: string, releasedAt: number, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        if (!(await markDone(trx, jobId))) return;
        const row = await nomineeRepository(trx).findInState(nomineeId, { status: "released", releasedAt });
        if (row !== undefined) await mails.toOwner(trx, row, "opened");
      });
    },
  };
}

/**
 * The shared reads' onFirstOpen, called by the one read that set opened_at after a release
 * (released-grant.ts markFirstOpen): enqueues the owner's mail under a key of that release, so
 * the owner is mailed once per release even if a hook runs twice.
 */
export function firstOpenHook(deps: LifecycleDeps): (row: NomineeRow) => Promise<void> {
  const { jobs } = deps;
  return async (row) => {
    if (row.status !== "released" || row.released_at === null) return;
    const releasedAt = Number(row.released_at);
    await jobs.enqueue(
      "share.opened",
      { nomineeId: row.id, releasedAt },
      { uniqueKey: sharingJobKeys.opened(row.id, releasedAt) },
    );
  };
}

/** The sharing jobs' handlers, for the app's job runner. */
export function sharingJobHandlers(options: {
  database: Database;
  publicUrl: string;
  clock?: () => number;
  /**
   * A getter: the outbox and the queue are the runner these handlers are part of, and the links
   * need the auth secret that is resolved after it.
   */
  services: () => SharingServices;
}): JobHandlers<SharingJobs> {
  const work = () =>
    jobWork({
      db: options.database.db,
      publicUrl: options.publicUrl,
      clock: options.clock ?? Date.now,
      ...options.services(),
    });
  return {
    "share.release": (payload, context) =>
      work().releaseUnanswered(payload.nomineeId, payload.requestId, context.jobId),
    "share.remind": (payload, context) => work().remind(payload.nomineeId, payload.requestId, context.jobId),
    "share.end": (payload, context) => work().end(payload.nomineeId, payload.accessEndsAt, context.jobId),
    "share.opened": (payload, context) =>
      work().mailOpened(payload.nomineeId, payload.releasedAt, context.jobId),
  };
}
