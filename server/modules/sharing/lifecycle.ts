import { randomUUID } from "node:crypto";
import type { Kysely, Updateable } from "kysely";
import { releaseDelayDays } from "../../../domain/catalog/releaseTimings.ts";
import {
  DAY_MS,
  type NomineeCreate,
  type NomineeLogEntry,
  type NomineeUpdate,
  type NomineeView,
  type SharedWithMeView,
} from "../../../domain/schemas/share.ts";
import { authBoolean } from "../../auth/auth-values.ts";
import type { DB, NomineeTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { JobQueue } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { ShareNoticeKind } from "../../mail/templates/sharing.ts";
import type { ApprovalLinks } from "./approval-links.ts";
import { ownerIdentity, sharingMails } from "./mails.ts";
import {
  type NomineeRow,
  type OwnerIdentity,
  presentLogEntry,
  presentNominee,
  presentSharedWithMe,
  statusOf,
} from "./presenter.ts";
import { type SharingJobs, sharingJobKeys } from "./schedule.ts";

/** How long a manual request's approval link works (the owner can still answer in the app). */
export const MANUAL_LINK_LIFETIME_DAYS = 10;
/** The owner reads at most this many lines of one nominee's log. */
const LOG_LIMIT = 500;

export type LifecycleDeps = {
  db: Kysely<DB>;
  outbox: MailOutbox;
  jobs: JobQueue<SharingJobs>;
  links: ApprovalLinks;
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

const notFound = () => new AppError("not_found");
const wrongStatus = () => new AppError("conflict", { message: "errors:sharing.wrong_status" });

/**
 * The nominee lifecycle (domain/schemas/share.ts): every transition is one conditional UPDATE
 * naming the status (and request) it starts from, inside a transaction with the mails and jobs it
 * causes, so two racing answers (the owner's link and the release job on another server) change
 * the row once and mail once.
 */
export function createLifecycle(deps: LifecycleDeps) {
  const { db, jobs, links, clock } = deps;
  const mails = sharingMails(deps);

  /** Applies a change when the row is still in one of the given statuses (and request); true if it was. */
  async function transition(
    trx: Kysely<DB>,
    id: string,
    from: readonly Stored[],
    set: Updateable<NomineeTable>,
    guard: { requestId?: string; releaseDue?: number; accessEndsAt?: number } = {},
  ): Promise<NomineeRow | null> {
    let query = trx
      .updateTable("nominee")
      .set({ ...set, updated_at: clock() })
      .where("id", "=", id)
      .where("status", "in", [...from]);
    if (guard.requestId !== undefined) query = query.where("request_id", "=", guard.requestId);
    if (guard.releaseDue !== undefined) query = query.where("release_at", "<=", guard.releaseDue);
    if (guard.accessEndsAt !== undefined) query = query.where("access_ends_at", "=", guard.accessEndsAt);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return (await trx.selectFrom("nominee").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
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

  const released = () => ({
    status: "released" as const,
    released_at: clock(),
    release_at: null,
    opened_at: null,
  });

  /** Releases the pending request (the owner's approval, in the app or by link). */
  async function approveRequest(trx: Kysely<DB>, row: NomineeRow): Promise<NomineeRow | null> {
    if (row.request_id === null) return null;
    const changed = await transition(trx, row.id, ["requested"], released(), { requestId: row.request_id });
    if (changed === null) return null;
    await cancelRequestJobs(trx, row);
    await mails.toNominee(trx, changed, "released");
    return changed;
  }

  /** Returns a requested or released nominee to accepted and tells them (declined or revoked). */
  async function backToAccepted(
    trx: Kysely<DB>,
    row: NomineeRow,
    from: readonly Stored[],
    kind: ShareNoticeKind,
    guard: { requestId?: string; accessEndsAt?: number } = {},
  ): Promise<NomineeRow | null> {
    const changed = await transition(trx, row.id, from, BACK_TO_ACCEPTED, guard);
    if (changed === null) return null;
    await cancelRequestJobs(trx, row);
    await cancelEndJob(trx, row);
    await mails.toNominee(trx, changed, kind);
    return changed;
  }

  async function owned(ownerId: string, id: string): Promise<NomineeRow> {
    const row = await db
      .selectFrom("nominee")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (row === undefined) throw notFound();
    return row;
  }

  async function checkPerson(ownerId: string, personId: string | null | undefined): Promise<void> {
    if (!personId) return;
    const person = await db
      .selectFrom("person")
      .select("id")
      .where("owner_id", "=", ownerId)
      .where("id", "=", personId)
      .executeTakeFirst();
    if (person === undefined)
      throw new AppError("validation_failed", { fields: { personId: "errors:sharing.person_not_found" } });
  }

  async function checkNotOwnEmail(ownerId: string, email: string): Promise<void> {
    const user = await db.selectFrom("user").select("email").where("id", "=", ownerId).executeTakeFirst();
    if (user !== undefined && user.email.toLowerCase() === email)
      throw new AppError("validation_failed", { fields: { email: "errors:sharing.own_email" } });
  }

  const emailTaken = () =>
    new AppError("conflict", {
      message: "errors:sharing.email_taken",
      fields: { email: "errors:sharing.email_taken" },
    });

  /** The caller's address, when verified: invitations to it are theirs to answer. */
  async function verifiedEmail(userId: string): Promise<string | null> {
    const user = await db
      .selectFrom("user")
      .select(["email", "emailVerified"])
      .where("id", "=", userId)
      .executeTakeFirst();
    return user !== undefined && authBoolean(user.emailVerified) ? user.email.toLowerCase() : null;
  }

  /** An invitation (invited, expired shown alike) to the caller's verified address. */
  async function invitationFor(userId: string, id: string): Promise<NomineeRow> {
    const email = await verifiedEmail(userId);
    if (email === null) throw notFound();
    const row = await db
      .selectFrom("nominee")
      .selectAll()
      .where("id", "=", id)
      .where("email", "=", email)
      .where("status", "=", "invited")
      .where("user_id", "is", null)
      .executeTakeFirst();
    if (row === undefined) throw notFound();
    return row;
  }

  const view = (row: NomineeRow) => presentNominee(row, clock());
  const inTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) => db.transaction().execute(work);

  /** Answers a pending request for the owner (in the app); 409 when none is pending. */
  async function answer(ownerId: string, id: string, approve: boolean): Promise<NomineeView> {
    const row = await owned(ownerId, id);
    const requestId = row.request_id;
    if (row.status !== "requested" || requestId === null) throw wrongStatus();
    const changed = await inTransaction((trx) =>
      approve ? approveRequest(trx, row) : backToAccepted(trx, row, ["requested"], "declined", { requestId }),
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
        person_id: body.personId ?? null,
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email,
        user_id: null,
        scope: JSON.stringify(body.scope),
        release: body.release,
        status: "invited",
        invited_at: now,
        invite_token_hash: null,
        accepted_at: null,
        request_id: null,
        requested_at: null,
        release_at: null,
        request_sign_hash: null,
        released_at: null,
        access_ends_at: null,
        opened_at: null,
        created_at: now,
        updated_at: now,
      };
      await inTransaction(async (trx) => {
        // DO NOTHING rather than catching the unique violation, which would abort a PostgreSQL transaction.
        const inserted = await trx
          .insertInto("nominee")
          .values(row)
          .onConflict((conflict) => conflict.columns(["owner_id", "email"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (inserted === undefined) throw emailTaken();
        await mails.invitation(trx, row);
      });
      return row.id;
    },

    async list(ownerId: string): Promise<NomineeView[]> {
      const rows = await db
        .selectFrom("nominee")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(view);
    },

    async get(ownerId: string, id: string): Promise<NomineeView> {
      return view(await owned(ownerId, id));
    },

    async update(ownerId: string, id: string, body: NomineeUpdate): Promise<NomineeView> {
      const row = await owned(ownerId, id);
      const now = clock();
      await checkPerson(ownerId, body.personId);
      const emailChanged = body.email !== row.email;
      if (emailChanged) {
        if (row.status === "accepted" || row.status === "requested" || row.status === "released")
          throw new AppError("validation_failed", { fields: { email: "errors:sharing.email_locked" } });
        await checkNotOwnEmail(ownerId, body.email);
        const other = await db
          .selectFrom("nominee")
          .select("id")
          .where("owner_id", "=", ownerId)
          .where("email", "=", body.email)
          .where("id", "!=", id)
          .executeTakeFirst();
        if (other !== undefined) throw emailTaken();
      }
      const currentEnd = row.access_ends_at === null ? null : Number(row.access_ends_at);
      const endChanged = body.accessEndsAt !== currentEnd;
      if (endChanged && body.accessEndsAt !== null) {
        if (row.status !== "released")
          throw new AppError("validation_failed", {
            fields: { accessEndsAt: "errors:sharing.access_end_needs_release" },
          });
        if (body.accessEndsAt <= now)
          throw new AppError("validation_failed", {
            fields: { accessEndsAt: "errors:sharing.access_end_past" },
          });
      }
      const releaseChanged = body.release !== row.release && row.status === "requested";
      const delay = releaseDelayDays(body.release);
      const newReleaseAt = delay === null ? null : Number(row.requested_at) + delay * DAY_MS;
      const changed = await inTransaction(async (trx) => {
        const set: Updateable<NomineeTable> = {
          person_id: body.personId ?? null,
          first_name: body.firstName,
          last_name: body.lastName,
          email: body.email,
          scope: JSON.stringify(body.scope),
          release: body.release,
          updated_at: now,
          ...(emailChanged ? reinvite() : {}),
          ...(endChanged ? { access_ends_at: body.accessEndsAt } : {}),
          ...(releaseChanged ? { release_at: newReleaseAt } : {}),
        };
        await trx.updateTable("nominee").set(set).where("id", "=", id).execute();
        let current = await trx
          .selectFrom("nominee")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        if (emailChanged) await mails.invitation(trx, current);
        if (endChanged) {
          await cancelEndJob(trx, row);
          if (body.accessEndsAt !== null) {
            await jobs.enqueue(
              "share.end",
              { nomineeId: id, accessEndsAt: body.accessEndsAt },
              { runAt: body.accessEndsAt, uniqueKey: sharingJobKeys.end(id, body.accessEndsAt) },
              trx,
            );
          }
        }
        if (releaseChanged) {
          await cancelRequestJobs(trx, row);
          // The new wait has already passed: released now, as the job would have done.
          if (newReleaseAt !== null && newReleaseAt <= now)
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
        await trx.deleteFrom("nominee").where("id", "=", id).execute();
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

    async revoke(ownerId: string, id: string): Promise<NomineeView> {
      const row = await owned(ownerId, id);
      if (row.status !== "released" && row.status !== "requested") throw wrongStatus();
      const changed = await inTransaction((trx) =>
        row.status === "released"
          ? backToAccepted(trx, row, ["released"], "revoked")
          : backToAccepted(trx, row, ["requested"], "declined", { requestId: row.request_id ?? "" }),
      );
      if (changed === null) throw wrongStatus();
      return view(changed);
    },

    approve: (ownerId: string, id: string) => answer(ownerId, id, true),
    decline: (ownerId: string, id: string) => answer(ownerId, id, false),

    async log(ownerId: string, id: string): Promise<NomineeLogEntry[]> {
      await owned(ownerId, id);
      const rows = await db
        .selectFrom("activity")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("nominee_id", "=", id)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(LOG_LIMIT)
        .execute();
      return rows.map(presentLogEntry);
    },

    /**
     * The signed link's answer: valid while the request it names is the pending one and has not
     * expired (its release time, or 10 days for manual); anything else is invalid_signature.
     */
    async answerByLink(nomineeId: string, approve: boolean, sign: string | null): Promise<boolean> {
      const requestId = sign === null ? null : links.requestIdOf(nomineeId, sign);
      if (requestId === null) throw new AppError("invalid_signature");
      const row = await db.selectFrom("nominee").selectAll().where("id", "=", nomineeId).executeTakeFirst();
      if (row === undefined || row.status !== "requested" || row.request_id !== requestId)
        throw new AppError("invalid_signature");
      const expiresAt =
        row.release_at === null
          ? Number(row.requested_at) + MANUAL_LINK_LIFETIME_DAYS * DAY_MS
          : Number(row.release_at);
      if (clock() >= expiresAt) throw new AppError("invalid_signature");
      const changed = await inTransaction((trx) =>
        approve
          ? approveRequest(trx, row)
          : backToAccepted(trx, row, ["requested"], "declined", { requestId }),
      );
      if (changed === null) throw new AppError("invalid_signature");
      return approve;
    },

    /** Shared with me: what names the caller, and open invitations to their verified address. */
    async sharedWithMe(userId: string): Promise<SharedWithMeView[]> {
      const email = await verifiedEmail(userId);
      const rows = await db
        .selectFrom("nominee")
        .selectAll()
        .where((eb) =>
          email === null
            ? eb("user_id", "=", userId)
            : eb.or([
                eb("user_id", "=", userId),
                eb.and([eb("email", "=", email), eb("status", "=", "invited"), eb("user_id", "is", null)]),
              ]),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      const owners = new Map<string, OwnerIdentity | null>();
      for (const ownerId of new Set(rows.map((row) => row.owner_id)))
        owners.set(ownerId, await ownerIdentity(db, ownerId));
      const now = clock();
      return rows.flatMap((row) => {
        const owner = owners.get(row.owner_id);
        return owner ? [presentSharedWithMe(row, owner, now)] : [];
      });
    },

    async accept(userId: string, id: string): Promise<SharedWithMeView> {
      const row = await invitationFor(userId, id);
      const now = clock();
      if (statusOf(row, now) === "expired")
        throw new AppError("conflict", { message: "errors:sharing.invitation_expired" });
      const releaseNow = releaseDelayDays(row.release) === 0;
      const changed = await inTransaction(async (trx) => {
        const current = await transition(trx, id, ["invited"], {
          status: releaseNow ? "released" : "accepted",
          user_id: userId,
          accepted_at: now,
          invite_token_hash: null,
          ...(releaseNow ? { released_at: now, opened_at: null } : {}),
        });
        if (current !== null) await mails.toOwner(trx, current, "accepted");
        return current;
      });
      if (changed === null) throw wrongStatus();
      return presentWithMe(changed);
    },

    async declineInvitation(userId: string, id: string): Promise<SharedWithMeView> {
      await invitationFor(userId, id);
      const changed = await inTransaction(async (trx) => {
        const current = await transition(trx, id, ["invited"], { status: "declined" });
        if (current !== null) await mails.toOwner(trx, current, "invitationDeclined");
        return current;
      });
      if (changed === null) throw wrongStatus();
      return presentWithMe(changed);
    },

    /** The nominee asks for access: the owner is mailed at once, and the wait starts. */
    async request(userId: string, id: string): Promise<SharedWithMeView> {
      const row = await db
        .selectFrom("nominee")
        .selectAll()
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (row === undefined) throw notFound();
      const now = clock();
      const delay = releaseDelayDays(row.release);
      const changed = await inTransaction(async (trx) => {
        if (delay === 0) {
          const current = await transition(trx, id, ["accepted"], { ...released(), requested_at: now });
          if (current !== null) await mails.toNominee(trx, current, "released");
          return current;
        }
        const current = await transition(trx, id, ["accepted"], {
          status: "requested",
          request_id: randomUUID(),
          requested_at: now,
          release_at: delay === null ? null : now + delay * DAY_MS,
        });
        if (current === null) return null;
        await scheduleRequest(trx, current);
        await mails.request(trx, current, false);
        await mails.toNominee(trx, current, "requestSent");
        return current;
      });
      if (changed === null) throw wrongStatus();
      return presentWithMe(changed);
    },

    /** share.release: the wait passed without an answer; guarded so it happens once. */
    async releaseUnanswered(nomineeId: string, requestId: string, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        const current = await transition(trx, nomineeId, ["requested"], released(), {
          requestId,
          releaseDue: clock(),
        });
        if (current !== null) {
          await jobs.cancel(sharingJobKeys.remind(nomineeId, requestId), trx);
          await mails.toNominee(trx, current, "released");
          await mails.toOwner(trx, current, "releasedUnanswered");
        }
        await markDone(trx, jobId);
      });
    },

    /** share.remind: the owner's one reminder on the last day, while the request still waits. */
    async remind(nomineeId: string, requestId: string, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        const row = await trx
          .selectFrom("nominee")
          .selectAll()
          .where("id", "=", nomineeId)
          .where("status", "=", "requested")
          .where("request_id", "=", requestId)
          .executeTakeFirst();
        if (row !== undefined && row.release_at !== null) await mails.request(trx, row, true);
        await markDone(trx, jobId);
      });
    },

    /** share.end: released access reaches its end date ("back to normal"). */
    async end(nomineeId: string, accessEndsAt: number, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        const row = await trx
          .selectFrom("nominee")
          .selectAll()
          .where("id", "=", nomineeId)
          .executeTakeFirst();
        if (row !== undefined) await backToAccepted(trx, row, ["released"], "ended", { accessEndsAt });
        await markDone(trx, jobId);
      });
    },

    /** The first open after a release: recorded, and the owner mailed once per release. */
    async firstOpen(row: NomineeRow): Promise<void> {
      if (row.status !== "released" || row.released_at === null) return;
      await inTransaction(async (trx) => {
        await trx
          .updateTable("nominee")
          .set({ opened_at: clock() })
          .where("id", "=", row.id)
          .where("opened_at", "is", null)
          .execute();
        const releasedAt = Number(row.released_at);
        await jobs.enqueue(
          "share.opened",
          { nomineeId: row.id, releasedAt },
          { uniqueKey: sharingJobKeys.opened(row.id, releasedAt) },
          trx,
        );
      });
    },

    /** share.opened: mails the owner, unless access was revoked or released again since. */
    async mailOpened(nomineeId: string, releasedAt: number, jobId: string): Promise<void> {
      await inTransaction(async (trx) => {
        const row = await trx
          .selectFrom("nominee")
          .selectAll()
          .where("id", "=", nomineeId)
          .where("status", "=", "released")
          .where("released_at", "=", releasedAt)
          .executeTakeFirst();
        if (row !== undefined) await mails.toOwner(trx, row, "opened");
        await markDone(trx, jobId);
      });
    },
  };

  function presentWithMe(row: NomineeRow): Promise<SharedWithMeView> {
    return ownerIdentity(db, row.owner_id).then((owner) => {
      if (owner === null) throw notFound();
      return presentSharedWithMe(row, owner, clock());
    });
  }

  /** Done in the same transaction as the work, so a retry after a crash finds it finished. */
  async function markDone(trx: Kysely<DB>, jobId: string): Promise<void> {
    await trx.updateTable("job").set({ done_at: clock() }).where("id", "=", jobId).execute();
  }
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
