import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type {
  CollaboratingView,
  CollaboratorInvite,
  CollaboratorStatus,
  CollaboratorUpdate,
  CollaboratorView,
} from "../../../domain/schemas/collaborator.ts";
import { authBoolean, banHolds } from "../../auth/auth-values.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { CollaboratorMails } from "./mails.ts";
import { type CollaboratorRow, collaboratorRepository } from "./repository.ts";
import { rightsOf, scopeOf } from "./scope.ts";

const notFound = () => new AppError("not_found");

const emailTaken = () =>
  new AppError("conflict", {
    message: "errors:collaborators.email_taken",
    fields: { email: "errors:collaborators.email_taken" },
  });

function present(row: CollaboratorRow): CollaboratorView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    scope: scopeOf(row),
    rights: rightsOf(row),
    status: row.status as CollaboratorStatus,
    invitedAt: Number(row.invited_at),
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
  };
}

/**
 * Collaborators: the owner invites, lists, changes and ends (Shared by me's sibling); the invitee,
 * signed in with the invited address verified, lists, accepts and declines. Another owner's
 * collaborator, or an invitation to another address, is 404.
 */
export function createCollaboratorService(deps: {
  db: Kysely<DB>;
  mails: CollaboratorMails;
  clock: () => number;
}) {
  const { db, mails, clock } = deps;
  const collaborators = collaboratorRepository(db);

  async function owned(ownerId: string, id: string): Promise<CollaboratorRow> {
    const row = await collaborators.findOf(ownerId, id);
    if (row === undefined) throw notFound();
    return row;
  }

  /** The caller's address, when verified: invitations to it are theirs to answer. */
  async function verifiedEmail(userId: string): Promise<string | null> {
    const user = await collaborators.account(userId);
    return user !== undefined && authBoolean(user.emailVerified) ? user.email.toLowerCase() : null;
  }

  async function answer(userId: string, id: string, status: "accepted" | "declined") {
    const email = await verifiedEmail(userId);
    const row = email === null ? undefined : await collaborators.findInvitation(id, email);
    if (email === null || row === undefined) throw notFound();
    const now = clock();
    const changes = {
      status,
      account_id: status === "accepted" ? userId : null,
      answered_at: now,
      updated_at: now,
    };
    if (!(await collaborators.answer(id, email, changes)))
      throw new AppError("conflict", { message: "errors:collaborators.wrong_status" });
    const view = await presentCollaborating({ ...row, ...changes });
    if (view === null) throw notFound();
    return view;
  }

  async function presentCollaborating(row: CollaboratorRow): Promise<CollaboratingView | null> {
    const owner = await collaborators.account(row.owner_id);
    // A suspended owner's file is not offered while the ban holds, as file-routes.ts refuses it.
    if (owner === undefined || banHolds(owner.banned, owner.banExpires, clock())) return null;
    return {
      id: row.id,
      owner: { id: owner.id, name: owner.name || owner.email, email: owner.email },
      scope: scopeOf(row),
      rights: rightsOf(row),
      status: row.status as CollaboratorStatus,
    };
  }

  return {
    async invite(ownerId: string, body: CollaboratorInvite): Promise<CollaboratorView> {
      const owner = await collaborators.account(ownerId);
      if (owner !== undefined && owner.email.toLowerCase() === body.email)
        throw new AppError("validation_failed", { fields: { email: "errors:collaborators.own_email" } });
      const now = clock();
      const row: CollaboratorRow = {
        id: randomUUID(),
        owner_id: ownerId,
        email: body.email,
        first_name: body.firstName,
        last_name: body.lastName,
        scope: JSON.stringify(body.scope),
        rights: body.rights,
        status: "invited",
        account_id: null,
        invited_at: now,
        answered_at: null,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        if (!(await collaboratorRepository(trx).insert(row))) throw emailTaken();
        await mails.invitation(trx, row);
      });
      return present(row);
    },

    async list(ownerId: string): Promise<CollaboratorView[]> {
      return (await collaborators.listOf(ownerId)).map(present);
    },

    async update(ownerId: string, id: string, body: CollaboratorUpdate): Promise<CollaboratorView> {
      await owned(ownerId, id);
      await collaborators.updateOf(ownerId, id, {
        scope: JSON.stringify(body.scope),
        rights: body.rights,
        updated_at: clock(),
      });
      return present(await owned(ownerId, id));
    },

    /** Ends the access: the row goes, so the next request of the collaborator, on any server, is 404. */
    async end(ownerId: string, id: string): Promise<void> {
      if (!(await collaborators.deleteOf(ownerId, id))) throw notFound();
    },

    async collaborating(userId: string): Promise<CollaboratingView[]> {
      const rows = await collaborators.listFor(userId, await verifiedEmail(userId));
      const views = await Promise.all(rows.map(presentCollaborating));
      return views.filter((view): view is CollaboratingView => view !== null);
    },

    accept: (userId: string, id: string) => answer(userId, id, "accepted"),
    decline: (userId: string, id: string) => answer(userId, id, "declined"),
  };
}

export type CollaboratorService = ReturnType<typeof createCollaboratorService>;
