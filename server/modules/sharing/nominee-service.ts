import { requestWaitDays, type SharedWithMeView } from "../../../domain/schemas/share.ts";
import { authBoolean } from "../../auth/auth-values.ts";
import { AppError } from "../../errors/app-error.ts";
import { ownerIdentity } from "./mails.ts";
import { type NomineeRow, presentSharedWithMe, type SharingOwner, statusOf } from "./presenter.ts";
import { nomineeRepository } from "./repository.ts";
import { createTransitions, type LifecycleDeps, notFound, wrongStatus } from "./transitions.ts";

/** Shared with me: what names the signed-in account, its answers to invitations, and its requests. */
export function createNomineeService(deps: LifecycleDeps) {
  const { db, clock } = deps;
  const nominees = nomineeRepository(db);
  const { mails, transition, request, inTransaction } = createTransitions(deps);

  /** The caller's address, when verified: invitations to it are theirs to answer. */
  async function verifiedEmail(userId: string): Promise<string | null> {
    const user = await nominees.findAccount({ id: userId });
    return user !== undefined && authBoolean(user.emailVerified) ? user.email.toLowerCase() : null;
  }

  /** An invitation (invited, expired shown alike) to the caller's verified address. */
  async function invitationFor(userId: string, id: string): Promise<NomineeRow> {
    const email = await verifiedEmail(userId);
    if (email === null) throw notFound();
    const row = await nominees.findInvitation(id, email);
    if (row === undefined) throw notFound();
    return row;
  }

  /** The owner as their nominees see them, or null when the account is gone. */
  async function sharingOwner(ownerId: string, now: number): Promise<SharingOwner | null> {
    const identity = await ownerIdentity(db, ownerId);
    return identity === null ? null : { identity, suspended: await nominees.ownerSuspended(ownerId, now) };
  }

  async function presentWithMe(row: NomineeRow): Promise<SharedWithMeView> {
    const now = clock();
    const owner = await sharingOwner(row.owner_id, now);
    if (owner === null) throw notFound();
    return presentSharedWithMe(row, owner, now);
  }

  return {
    /** Shared with me: what names the caller, and open invitations to their verified address. */
    async sharedWithMe(userId: string): Promise<SharedWithMeView[]> {
      const email = await verifiedEmail(userId);
      const rows = await nominees.listSharedWith(userId, email);
      const now = clock();
      const owners = new Map<string, SharingOwner | null>();
      for (const ownerId of new Set(rows.map((row) => row.owner_id)))
        owners.set(ownerId, await sharingOwner(ownerId, now));
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
      const releaseNow = requestWaitDays({ release: row.release, revokedAt: row.revoked_at }) === 0;
      const changed = await inTransaction(async (trx) => {
        const current = await transition(
          trx,
          id,
          ["invited"],
          {
            status: releaseNow ? "released" : "accepted",
            user_id: userId,
            accepted_at: now,
            ...(releaseNow ? { released_at: now, opened_at: null } : {}),
          },
          { revoked: row.revoked_at !== null },
        );
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
      const row = await nominees.findHeldBy(userId, id);
      if (row === undefined) throw notFound();
      const changed = await inTransaction((trx) => request(trx, row));
      if (changed === null) throw wrongStatus();
      return presentWithMe(changed);
    },
  };
}

export type NomineeService = ReturnType<typeof createNomineeService>;
