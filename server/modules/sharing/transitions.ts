import { randomUUID } from "node:crypto";
import type { Kysely, Updateable } from "kysely";
import { DAY_MS, requestWaitDays } from "../../../domain/schemas/share.ts";
import type { DB, NomineeTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { markJobDone } from "../../jobs/queue.ts";
import type { JobQueue } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { ShareNoticeKind } from "../../mail/templates/sharing.ts";
import type { UnsubscribeLinks } from "../unsubscribe/index.ts";
import type { ApprovalLinks } from "./approval-links.ts";
import { sharingMails } from "./mails.ts";
import type { NomineeRow } from "./presenter.ts";
import { nomineeRepository, type TransitionGuard } from "./repository.ts";
import { type SharingJobs, sharingJobKeys } from "./schedule.ts";

/** What the lifecycle needs: the database, where mail and jobs go, the link signer, and time. */
export type LifecycleDeps = {
  db: Kysely<DB>;
  outbox: MailOutbox;
  jobs: JobQueue<SharingJobs>;
  links: ApprovalLinks;
  /** For the notices, which a person may opt out of (the invitation and the owner's request they may not). */
  unsubscribe: UnsubscribeLinks;
  publicUrl: string;
  clock: () => number;
};

type Stored = NomineeTable["status"];

/** What ends with a request: the request itself, the release it led to and that release's end. */
export const NO_REQUEST = {
  request_id: null,
  requested_at: null,
  release_at: null,
  released_at: null,
  access_ends_at: null,
  opened_at: null,
} as const satisfies Updateable<NomineeTable>;

const BACK_TO_ACCEPTED = { status: "accepted", ...NO_REQUEST } as const satisfies Updateable<NomineeTable>;

export const notFound = () => new AppError("not_found");
export const wrongStatus = () => new AppError("conflict", { message: "errors:sharing.wrong_status" });

/**
 * The nominee lifecycle's steps (domain/schemas/share.ts), shared by the owner's and the nominee's
 * services and the jobs: every transition is one conditional UPDATE naming the status (and
 * request) it starts from, inside a transaction with the mails and jobs it causes, so two racing
 * answers (the owner's link and the release job on another server) change the row once and mail
 * once.
 */
export function createTransitions(deps: LifecycleDeps) {
  const { db, jobs, clock } = deps;
  const mails = sharingMails(deps);

  /** One step from the given statuses: the row as it now is, or null when another step got there first. */
  function transition(
    trx: Kysely<DB>,
    id: string,
    from: readonly Stored[],
    set: Updateable<NomineeTable>,
    guard: TransitionGuard = {},
  ): Promise<NomineeRow | null> {
    return nomineeRepository(trx).transition(id, from, { ...set, updated_at: clock() }, guard);
  }

  async function cancelRequestJobs(trx: Kysely<DB>, row: NomineeRow): Promise<void> {
    if (row.request_id === null) return;
    await jobs.cancel(sharingJobKeys.release(row.id, row.request_id), trx);
    await jobs.cancel(sharingJobKeys.remind(row.id, row.request_id), trx);
  }

  async function cancelEndJob(trx: Kysely<DB>, row: NomineeRow): Promise<void> {
    if (row.access_ends_at !== null)
      await jobs.cancel(sharingJobKeys.end(row.id, Number(row.access_ends_at)), trx);
  }

  /** The pending request's release and its one reminder on the last day. */
  async function scheduleRequest(trx: Kysely<DB>, row: NomineeRow): Promise<void> {
    if (row.request_id === null || row.release_at === null) return;
    const payload = { nomineeId: row.id, requestId: row.request_id };
    const releaseAt = Number(row.release_at);
    await jobs.enqueue(
      "share.release",
      payload,
      { runAt: releaseAt, uniqueKey: sharingJobKeys.release(row.id, row.request_id) },
      trx,
    );
    await jobs.enqueue(
      "share.remind",
      payload,
      {
        runAt: Math.max(clock(), releaseAt - DAY_MS),
        uniqueKey: sharingJobKeys.remind(row.id, row.request_id),
      },
      trx,
    );
  }

  /** A release: also the owner's answer to an earlier revoke, so later requests follow the rule again. */
  const released = () => ({
    status: "released" as const,
    released_at: clock(),
    release_at: null,
    opened_at: null,
    revoked_at: null,
  });

  /**
   * The nominee asks for access: released at once when the wait is none, else a pending request
   * (its release job unless only the owner may answer), the owner mailed its links. The wait is
   * requestWaitDays': after a revoke, the owner's approval whatever the release rule.
   */
  async function request(trx: Kysely<DB>, row: NomineeRow): Promise<NomineeRow | null> {
    const now = clock();
    const wait = requestWaitDays({ release: row.release, revokedAt: row.revoked_at });
    const guard = { revoked: row.revoked_at !== null };
    if (wait === 0) {
      const current = await transition(
        trx,
        row.id,
        ["accepted"],
        { ...released(), requested_at: now },
        guard,
      );
      if (current !== null) await mails.toNominee(trx, current, "released");
      return current;
    }
    const current = await transition(
      trx,
      row.id,
      ["accepted"],
      {
        status: "requested",
        request_id: randomUUID(),
        requested_at: now,
        release_at: wait === null ? null : now + wait * DAY_MS,
      },
      guard,
    );
    if (current === null) return null;
    await scheduleRequest(trx, current);
    await mails.request(trx, current, false);
    await mails.toNominee(trx, current, "requestSent");
    return current;
  }

  /** Releases the pending request (the owner's approval, in the app or by link). */
  async function approveRequest(trx: Kysely<DB>, row: NomineeRow): Promise<NomineeRow | null> {
    if (row.request_id === null) return null;
    const changed = await transition(trx, row.id, ["requested"], released(), { requestId: row.request_id });
    if (changed === null) return null;
    await cancelRequestJobs(trx, row);
    await mails.toNominee(trx, changed, "released");
    return changed;
  }

  /**
   * Returns a requested or released nominee to accepted and tells them (declined, revoked, ended).
   * `revoke`: the owner took access away (not merely declined one request), so the next request
   * waits for their approval.
   */
  async function backToAccepted(
    trx: Kysely<DB>,
    row: NomineeRow,
    from: readonly Stored[],
    kind: ShareNoticeKind,
    options: { guard?: Pick<TransitionGuard, "requestId" | "accessEndsAt">; revoke?: boolean } = {},
  ): Promise<NomineeRow | null> {
    const set = options.revoke ? { ...BACK_TO_ACCEPTED, revoked_at: clock() } : BACK_TO_ACCEPTED;
    const changed = await transition(trx, row.id, from, set, options.guard);
    if (changed === null) return null;
    await cancelRequestJobs(trx, row);
    await cancelEndJob(trx, row);
    await mails.toNominee(trx, changed, kind);
    return changed;
  }

  /** Marks a job done in the transaction of its work (markJobDone); false when it already was: do nothing. */
  const markDone = (trx: Kysely<DB>, jobId: string): Promise<boolean> => markJobDone(trx, jobId, clock());

  const inTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) => db.transaction().execute(work);

  return {
    mails,
    transition,
    cancelRequestJobs,
    cancelEndJob,
    scheduleRequest,
    released,
    request,
    approveRequest,
    backToAccepted,
    markDone,
    inTransaction,
  };
}
