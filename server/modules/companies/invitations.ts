import type { Kysely } from "kysely";
import type { Language } from "../../../domain/catalog/languages.ts";
import type {
  CompanyMember,
  InvitationPreview,
  InviteBody,
  InviteCsvAnswer,
  InviteRowOutcome,
  PendingInvitation,
} from "../../../domain/schemas/company.ts";
import type { ActivationResult } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import { authBoolean } from "../../auth/auth-values.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { audit } from "../admin/index.ts";
import { recordFailedAttempt, refuseGuessing } from "../subscriptions/index.ts";
import { type CompanyContext, noSeats, presentMember } from "./company-context.ts";
import { hashCode, reminderKey } from "./invitation-mail.ts";
import { type CsvInviteRow, describeProblem } from "./invite-csv.ts";
import { companyRepository, type MemberRow } from "./repository.ts";

/** Addresses compared as people type them: case and surrounding spaces aside. */
function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The account's address and whether it is verified (better-auth's `user` table). */
function accountAddress(trx: Kysely<DB>, userId: string) {
  return trx
    .selectFrom("user")
    .select(["email", "emailVerified"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/**
 * Invitations: an admin invites one person or a CSV file's rows; the invitee activates with the
 * mailed code or accepts from their account; anyone holding the register link sees the company's name.
 */
export function invitationCalls(context: CompanyContext) {
  const { db, clock, deps } = context;

  /**
   * An invitation becomes the actor's seat, if the account's verified email is the invitation's
   * and the account holds no seat elsewhere; the one path of activation by code and by accepting.
   */
  async function takeSeat(trx: Kysely<DB>, actor: Actor, member: MemberRow, now: number) {
    const account = await accountAddress(trx, actor.userId);
    if (!authBoolean(account.emailVerified) || !sameAddress(account.email, member.email)) {
      return { activated: false, otherAddress: account.email } as const;
    }
    const companies = companyRepository(trx);
    if ((await companies.activeMembership(actor.userId)) !== undefined) return { activated: false } as const;
    if (!(await companies.activateInvitation(member.id, actor.userId, now)))
      return { activated: false } as const;
    await deps.jobs.cancel(reminderKey(member.id), trx);
    await context.refreshRoles(trx, actor.userId);
    return { activated: true } as const;
  }

  /** The invitations still waiting for the actor's verified address (stored lower case), newest first. */
  async function invitationsFor(actor: Actor, trx: Kysely<DB> = db, id?: string) {
    const account = await accountAddress(trx, actor.userId);
    if (!authBoolean(account.emailVerified)) return [];
    return companyRepository(trx).invitationsTo(account.email.trim().toLowerCase(), id);
  }

  return {
    async inviteOne(actor: Actor, person: InviteBody): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await context.adminsCompany(actor, trx);
        if ((await companyRepository(trx).memberByEmail(company.id, person.email)) !== undefined) {
          throw new AppError("conflict", { fields: { email: "errors:companies.already_member" } });
        }
        if ((await context.seatsMissing(trx, company, 1)) > 0) {
          throw noSeats(1);
        }
        const invited = await context.invite(trx, company, person);
        await audit(
          trx,
          actor,
          {
            action: "company.invite",
            subjectKind: "company_member",
            subjectId: invited.id,
            detail: { companyId: company.id },
          },
          clock(),
        );
        return invited;
      });
      return presentMember(row);
    },

    /**
     * The CSV invite: every row gets its outcome; when the valid new rows need more seats than
     * are free, nothing is invited and the answer says how many are missing.
     */
    async inviteMany(actor: Actor, rows: CsvInviteRow[], lng: Language): Promise<InviteCsvAnswer> {
      return db.transaction().execute(async (trx) => {
        const company = await context.adminsCompany(actor, trx);
        const known = await companyRepository(trx).memberEmails(company.id);
        const seen = new Set<string>();
        const outcomes: InviteRowOutcome[] = [];
        const wanted: { at: number; person: InviteBody }[] = [];
        for (const row of rows) {
          const base = { row: row.row, email: row.email, field: null, reason: null };
          if (row.invite === null) {
            outcomes.push({
              ...base,
              result: "invalid",
              field: row.problem.field,
              reason: describeProblem(row.problem, (key, params) => deps.translate(lng, key, params)),
            });
          } else if (seen.has(row.email)) outcomes.push({ ...base, result: "duplicate" });
          else if (known.has(row.email)) outcomes.push({ ...base, result: "member" });
          else {
            wanted.push({ at: outcomes.length, person: row.invite });
            outcomes.push({ ...base, result: "invited" });
          }
          seen.add(row.email);
        }
        const missing = await context.seatsMissing(trx, company, wanted.length);
        if (missing > 0) {
          const reason = deps.translate(lng, "errors:companies.no_seat_for_row");
          for (const { at } of wanted)
            outcomes[at] = { ...(outcomes[at] as InviteRowOutcome), result: "invalid", reason };
          return { rows: outcomes, seatsMissing: missing };
        }
        for (const { person } of wanted) await context.invite(trx, company, person);
        await audit(
          trx,
          actor,
          {
            action: "company.invite_csv",
            subjectKind: "company",
            subjectId: company.id,
            detail: { rows: rows.length, invited: wanted.length },
          },
          clock(),
        );
        return { rows: outcomes, seatsMissing: 0 };
      });
    },

    /**
     * A code from an invitation makes the signed-in account an active member, if the account's
     * verified email is the invitation's: a code forwarded or seen by someone else does not give
     * away the seat (403 invitation_other_address, the seat stays free). A code that cannot be
     * used answers status false, the same whether it exists or not; both count towards the
     * guessing limit shared with the subscription codes.
     */
    async activate(actor: Actor, typed: string, ip: string): Promise<ActivationResult> {
      const now = clock();
      const keys = [`account:${actor.userId}`, `address:${ip}`];
      await refuseGuessing(db, keys, now);
      const outcome = await db.transaction().execute(async (trx) => {
        const member = await companyRepository(trx).invitationByCode(hashCode(typed));
        if (member === undefined) return { activated: false } as const;
        return takeSeat(trx, actor, member, now);
      });
      if (!outcome.activated) {
        await recordFailedAttempt(db, keys, now);
        if (outcome.otherAddress !== undefined) {
          throw new AppError("invitation_other_address", { params: { email: outcome.otherAddress } });
        }
        return { type: "b2b", status: false };
      }
      context.forgetRoles(actor.userId);
      return { type: "b2b", status: true };
    },

    /**
     * The company behind a mailed register link, for anyone holding the link: the token is the
     * code's hash (unguessable, and no use for activating), so nothing can be listed by trying
     * tokens. An invitation activated, withdrawn or renewed by its reminder answers 404.
     */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await companyRepository(db).invitedCompanyName(token);
      if (row === undefined) throw new AppError("not_found");
      return { companyName: row.name };
    },

    /** Invitations waiting for the signed-in account's verified address. */
    async invitations(actor: Actor): Promise<PendingInvitation[]> {
      const rows = await invitationsFor(actor);
      return rows.map((row) => ({
        id: row.id,
        companyName: row.company_name,
        invitedAt: row.invited_at,
        expiresAt: null,
      }));
    },

    /** Accepts one of them: the activation's path without a code; another address's: 404. */
    async accept(actor: Actor, id: string): Promise<ActivationResult> {
      const outcome = await db.transaction().execute(async (trx) => {
        const [member] = await invitationsFor(actor, trx, id);
        if (member === undefined) throw new AppError("not_found");
        return takeSeat(trx, actor, member, clock());
      });
      if (outcome.activated) context.forgetRoles(actor.userId);
      return { type: "b2b", status: outcome.activated };
    },
  };
}
