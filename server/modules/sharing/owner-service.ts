import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  DAY_MS,
  type NomineeCreate,
  type NomineeLogEntry,
  type NomineeUpdate,
  type NomineeView,
  requestWaitDays,
  type ShareRequestPreview,
} from "../../../domain/schemas/share.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { listNomineeActivity } from "../activity/index.ts";
import type { DocumentReader } from "../documents/index.ts";
import { isPersonOf } from "../persons/index.ts";
import { nameDownloads } from "./nominee-access-log.ts";
import {
  type NomineeRow,
  presentLogEntry,
  presentNominee,
  scopeOf,
  shareDefinitionColumns,
} from "./presenter.ts";
import { nomineeRepository } from "./repository.ts";
import { sharingJobKeys } from "./schedule.ts";
import { createTransitions, type LifecycleDeps, NO_REQUEST, notFound, wrongStatus } from "./transitions.ts";

/** How long a manual request's approval link works (the owner can still answer in the app). */
const MANUAL_LINK_LIFETIME_DAYS = 10;
/** The owner reads at most this many lines of one nominee's log. */
const LOG_LIMIT = 500;

/** Shared by me: the owner's nominees, their answers to requests, and the signed link's. */
export function createOwnerService(deps: LifecycleDeps, documents: DocumentReader) {
  const { db, jobs, links, clock } = deps;
  const nominees = nomineeRepository(db);
  const {
    mails,
    transition,
    cancelRequestJobs,
    cancelEndJob,
    scheduleRequest,
    approveRequest,
    backToAccepted,
    released,
    inTransaction,
  } = createTransitions(deps);

  async function owned(ownerId: string, id: string): Promise<NomineeRow> {
    const row = await nominees.findOwned(ownerId, id);
    if (row === undefined) throw notFound();
    return row;
  }

  async function checkPerson(ownerId: string, personId: string | null | undefined): Promise<void> {
    if (!personId) return;
    if (!(await isPersonOf(db, ownerId, personId)))
      throw new AppError("validation_failed", { fields: { personId: "errors:sharing.person_not_found" } });
  }

  async function checkNotOwnEmail(ownerId: string, email: string): Promise<void> {
    const user = await nominees.findAccount({ id: ownerId });
    if (user !== undefined && user.email.toLowerCase() === email)
      throw new AppError("validation_failed", { fields: { email: "errors:sharing.own_email" } });
  }

  const emailTaken = () =>
    new AppError("conflict", {
      message: "errors:sharing.email_taken",
      fields: { email: "errors:sharing.email_taken" },
    });

  const view = (row: NomineeRow) => presentNominee(row, clock());

  /**
   * What an edit changes beyond the names and scope, refused (400, naming the field) where the
   * nominee's state forbids it: the address only before they accepted (a new one is a new
   * invitation), an end date only once released and only ahead, the release rule's wait only
   * while a request is pending (counted from the request).
   */
  async function checkedChanges(ownerId: string, row: NomineeRow, body: NomineeUpdate, now: number) {
    const email = body.email !== row.email;
    if (email) {
      if (row.status === "accepted" || row.status === "requested" || row.status === "released")
        throw new AppError("validation_failed", { fields: { email: "errors:sharing.email_locked" } });
      await checkNotOwnEmail(ownerId, body.email);
      if ((await nominees.findOtherWithEmail(ownerId, body.email, row.id)) !== undefined) throw emailTaken();
    }
    const end = body.accessEndsAt !== (row.access_ends_at === null ? null : Number(row.access_ends_at));
    if (end && body.accessEndsAt !== null) {
      if (row.status !== "released")
        throw new AppError("validation_failed", {
          fields: { accessEndsAt: "errors:sharing.access_end_needs_release" },
        });
      if (body.accessEndsAt <= now)
        throw new AppError("validation_failed", {
          fields: { accessEndsAt: "errors:sharing.access_end_past" },
        });
    }
    const delay = requestWaitDays({ release: body.release, revokedAt: row.revoked_at });
    return {
      email,
      end,
      release: body.release !== row.release && row.status === "requested",
      releaseAt: delay === null ? null : Number(row.requested_at) + delay * DAY_MS,
    };
  }

  /** The end of access moved: the old end's job goes, the new one's (if any) is queued. */
  async function rescheduleEnd(trx: Kysely<DB>, row: NomineeRow, accessEndsAt: number | null): Promise<void> {
    await cancelEndJob(trx, row);
    if (accessEndsAt === null) return;
    await jobs.enqueue(
      "share.end",
      { nomineeId: row.id, accessEndsAt },
      { runAt: accessEndsAt, uniqueKey: sharingJobKeys.end(row.id, accessEndsAt) },
      trx,
    );
  }

  /**
   * The request a signed link names, while it is the pending one and has not expired (its release
   * time, or 10 days for manual); anything else is invalid_signature, or 409 saying what became of it.
   */
  async function pendingByLink(nomineeId: string, sign: string | null) {
    const requestId = sign === null ? null : links.requestIdOf(nomineeId, sign);
    if (requestId === null) throw new AppError("invalid_signature");
    const row = await nominees.find(nomineeId);
    if (row === undefined) throw new AppError("invalid_signature");
    if (row.status !== "requested" || row.request_id !== requestId) throw linkAlreadyUsed(row, requestId);
    const expiresAt =
      row.release_at === null
        ? Number(row.requested_at) + MANUAL_LINK_LIFETIME_DAYS * DAY_MS
        : Number(row.release_at);
    if (clock() >= expiresAt) throw new AppError("invalid_signature");
    return { row, requestId };
  }

  /** Answers a pending request for the owner (in the app); 409 when none is pending. */
  async function answer(ownerId: string, id: string, approve: boolean): Promise<NomineeView> {
    const row = await owned(ownerId, id);
    const requestId = row.request_id;
    if (row.status !== "requested" || requestId === null) throw wrongStatus();
    const changed = await inTransaction((trx) =>
      approve
        ? approveRequest(trx, row)
        : backToAccepted(trx, row, ["requested"], "declined", { guard: { requestId } }),
    );
    if (changed === null) throw wrongStatus();
    return view(changed);
  }

  /** Sends the invitation anew (a resend, or a changed address) from now. */
  const reinvite = () =>
    ({ status: "invited", invited_at: clock(), user_id: null, accepted_at: null }) as const;

  return {
    /** Shared by me: a new nominee, invited at once. */
    async create(ownerId: string, body: NomineeCreate): Promise<string> {
      await checkPerson(ownerId, body.personId);
      await checkNotOwnEmail(ownerId, body.email);
      const now = clock();
      const row: NomineeRow = {
        id: randomUUID(),
        owner_id: ownerId,
        ...shareDefinitionColumns(body),
        user_id: null,
        status: "invited",
        invited_at: now,
        accepted_at: null,
        ...NO_REQUEST,
        revoked_at: null,
        created_at: now,
        updated_at: now,
      };
      await inTransaction(async (trx) => {
        if (!(await nomineeRepository(trx).insert(row))) throw emailTaken();
        await mails.invitation(trx, row);
      });
      return row.id;
    },

    async list(ownerId: string): Promise<NomineeView[]> {
      return (await nominees.listOwned(ownerId)).map(view);
    },

    async get(ownerId: string, id: string): Promise<NomineeView> {
      return view(await owned(ownerId, id));
    },

    async update(ownerId: string, id: string, body: NomineeUpdate): Promise<NomineeView> {
      const row = await owned(ownerId, id);
      const now = clock();
      const changes = await checkedChanges(ownerId, row, body, now);
      const changed = await inTransaction(async (trx) => {
        let current = await nomineeRepository(trx).update(id, {
          ...shareDefinitionColumns(body),
          updated_at: now,
          ...(changes.email ? reinvite() : {}),
          ...(changes.end ? { access_ends_at: body.accessEndsAt } : {}),
          ...(changes.release ? { release_at: changes.releaseAt } : {}),
        });
        if (changes.email) await mails.invitation(trx, current);
        if (changes.end) await rescheduleEnd(trx, row, body.accessEndsAt);
        if (changes.release) {
          await cancelRequestJobs(trx, row);
          // The new wait has already passed: released now, as the job would have done.
          if (changes.releaseAt !== null && changes.releaseAt <= now)
            current = (await approveRequest(trx, current)) ?? current;
          else await scheduleRequest(trx, current);
        }
        return current;
      });
      return view(changed);
    },

    /** Removes the nominee and its pending jobs; one who could read is told it ended. */
    async remove(ownerId: string, id: string): Promise<void> {
      const row = await owned(ownerId, id);
      await inTransaction(async (trx) => {
        await cancelRequestJobs(trx, row);
        await cancelEndJob(trx, row);
        await nomineeRepository(trx).delete(id);
        if (row.status === "released") await mails.toNominee(trx, row, "removed");
      });
    },

    async resend(ownerId: string, id: string): Promise<NomineeView> {
      await owned(ownerId, id);
      const changed = await inTransaction(async (trx) => {
        const current = await transition(trx, id, ["invited", "declined", "cancelled"], reinvite());
        if (current !== null) await mails.invitation(trx, current);
        return current;
      });
      if (changed === null) throw wrongStatus();
      return view(changed);
    },

    async cancel(ownerId: string, id: string): Promise<NomineeView> {
      await owned(ownerId, id);
      const changed = await inTransaction((trx) => transition(trx, id, ["invited"], { status: "cancelled" }));
      if (changed === null) throw wrongStatus();
      return view(changed);
    },

    /** Takes access away: the nominee's next request waits for the owner's approval, whatever the rule. */
    async revoke(ownerId: string, id: string): Promise<NomineeView> {
      const row = await owned(ownerId, id);
      if (row.status !== "released" && row.status !== "requested") throw wrongStatus();
      const changed = await inTransaction((trx) =>
        row.status === "released"
          ? backToAccepted(trx, row, ["released"], "revoked", { revoke: true })
          : backToAccepted(trx, row, ["requested"], "declined", {
              guard: { requestId: row.request_id ?? "" },
              revoke: true,
            }),
      );
      if (changed === null) throw wrongStatus();
      return view(changed);
    },

    /** The owner gives access to a nominee who accepted, without waiting for a request (also after a revoke). */
    async grant(ownerId: string, id: string): Promise<NomineeView> {
      await owned(ownerId, id);
      const changed = await inTransaction(async (trx) => {
        const current = await transition(trx, id, ["accepted"], released());
        if (current !== null) await mails.toNominee(trx, current, "released");
        return current;
      });
      if (changed === null) throw wrongStatus();
      return view(changed);
    },

    approve: (ownerId: string, id: string) => answer(ownerId, id, true),
    decline: (ownerId: string, id: string) => answer(ownerId, id, false),

    async log(ownerId: string, id: string): Promise<NomineeLogEntry[]> {
      await owned(ownerId, id);
      const rows = await listNomineeActivity(db, ownerId, id, LOG_LIMIT);
      return nameDownloads(documents, ownerId, rows.map(presentLogEntry));
    },

    /** What the signed link would answer, read only: the page shows it before the owner confirms. */
    async previewByLink(nomineeId: string, sign: string | null): Promise<ShareRequestPreview> {
      const { row } = await pendingByLink(nomineeId, sign);
      return {
        nominee: { firstName: row.first_name, lastName: row.last_name, email: row.email },
        scope: scopeOf(row),
        release: row.release,
        requestedAt: Number(row.requested_at),
        releaseAt: row.release_at === null ? null : Number(row.release_at),
      };
    },

    /** The signed link's answer, posted by the page's button once the owner confirmed. */
    async answerByLink(nomineeId: string, approve: boolean, sign: string | null): Promise<boolean> {
      const { row, requestId } = await pendingByLink(nomineeId, sign);
      const changed = await inTransaction((trx) =>
        approve
          ? approveRequest(trx, row)
          : backToAccepted(trx, row, ["requested"], "declined", { guard: { requestId } }),
      );
      if (changed === null) {
        const now = await nominees.find(nomineeId);
        throw now === undefined ? new AppError("invalid_signature") : linkAlreadyUsed(now, requestId);
      }
      return approve;
    },
  };
}

export type OwnerService = ReturnType<typeof createOwnerService>;

/**
 * A genuine link opened again, or after the request moved on: 409 saying what became of it, so
 * the page tells the owner "already approved" rather than that the link is broken. `released`
 * when this very request was granted (by this link, the other one, or the release rule).
 */
function linkAlreadyUsed(row: Pick<NomineeRow, "status" | "request_id">, requestId: string): AppError {
  const released = row.status === "released" && row.request_id === requestId;
  return new AppError("conflict", {
    message: released ? "errors:sharing.link_already_released" : "errors:sharing.link_already_answered",
    details: { state: released ? "released" : "answered" },
  });
}
