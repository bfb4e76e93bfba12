import { randomUUID } from "node:crypto";
import type { Company, CompanyBody, CompanyForReader } from "../../../domain/schemas/company.ts";
import type { Actor } from "../../auth/access.ts";
import { subscriberUntil } from "../../auth/roles.ts";
import { AppError } from "../../errors/app-error.ts";
import { audit } from "../admin/index.ts";
import { type CompanyContext, detailColumns } from "./company-context.ts";
import { type CompanyRow, companyRepository } from "./repository.ts";

/** The company itself: created by an account, read by its members, corrected and its seats bought by its admins, left by a member. */
export function companyDetailCalls(context: CompanyContext) {
  const { db, clock, deps } = context;
  return {
    async create(actor: Actor, body: CompanyBody): Promise<Company> {
      const now = clock();
      const company = await db.transaction().execute(async (trx) => {
        const companies = companyRepository(trx);
        if ((await companies.activeMembership(actor.userId)) !== undefined)
          throw new AppError("conflict", { message: "errors:companies.already_in_company" });
        const user = await trx
          .selectFrom("user")
          .select(["email", "name"])
          .where("id", "=", actor.userId)
          .executeTakeFirstOrThrow();
        const row: CompanyRow = {
          id: randomUUID(),
          ...detailColumns(body),
          seat_limit: null,
          billing_user_id: actor.userId,
          created_at: now,
          updated_at: now,
        };
        await companies.insert(row);
        const [firstName = user.name, ...rest] = user.name.trim().split(/\s+/);
        // An earlier invitation to this address (from another company) stays that company's.
        await companies.insertMember({
          id: randomUUID(),
          company_id: row.id,
          user_id: actor.userId,
          email: user.email.toLowerCase(),
          first_name: firstName,
          last_name: rest.join(" "),
          language: actor.language,
          status: "active",
          is_admin: 1,
          code_hash: null,
          invited_at: now,
          activated_at: now,
          deactivated_at: null,
        });
        await context.refreshRoles(trx, actor.userId);
        await audit(trx, actor, { action: "company.create", subjectKind: "company", subjectId: row.id }, now);
        return row;
      });
      context.forgetRoles(actor.userId);
      return context.present(db, company);
    },

    /** The reader's company, in full for its admins; 404 to anyone not an active member. */
    async get(actor: Actor): Promise<CompanyForReader> {
      const membership = await context.activeMembership(actor);
      const companies = companyRepository(db);
      const company = await companies.find(membership.company_id);
      if (company === undefined) throw new Error("a membership's company is missing");
      if (membership.is_admin === 1) return { ...(await context.present(db, company)), role: "admin" };
      return { role: "member", name: company.name, admins: await companies.adminContacts(company.id) };
    },

    /**
     * A member leaves their company: the seat is freed and the b2b role goes, their file stays
     * theirs. The account is unlinked, so an admin who reactivates them sends a new invitation
     * rather than taking the account back. The last admin cannot leave.
     */
    async leave(actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const member = await context.activeMembership(actor, trx);
        if (await context.lastAdmin(trx, member)) {
          throw new AppError("conflict", { message: "errors:companies.last_admin" });
        }
        const now = clock();
        await companyRepository(trx).updateMember(member.id, {
          status: "deactivated",
          is_admin: 0,
          user_id: null,
          code_hash: null,
          deactivated_at: now,
        });
        await context.refreshRoles(trx, actor.userId);
        await audit(
          trx,
          actor,
          { action: "company.leave", subjectKind: "company_member", subjectId: member.id },
          now,
        );
      });
      context.forgetRoles(actor.userId);
    },

    /** A company admin corrects the company's details; the seats and plan stay as they are. */
    async update(actor: Actor, body: CompanyBody): Promise<Company> {
      const company = await db.transaction().execute(async (trx) => {
        const current = await context.adminsCompany(actor, trx);
        const now = clock();
        const changes = { ...detailColumns(body), updated_at: now };
        await companyRepository(trx).update(current.id, changes);
        await audit(
          trx,
          actor,
          { action: "company.update", subjectKind: "company", subjectId: current.id },
          now,
        );
        return { ...current, ...changes };
      });
      return context.present(db, company);
    },

    /**
     * A company admin sets the seats the running company plan pays for: never fewer than the
     * members and invitations holding one (400 naming `seats`, with that count). Audited.
     */
    async changeSeats(actor: Actor, wanted: number): Promise<Company> {
      if (deps.billing === "off")
        throw new AppError("conflict", { message: "errors:companies.seats_by_admin" });
      const company = await context.adminsCompany(actor);
      const plan = await context.companyPlan(db, company);
      const providerId = plan?.row.provider_subscription_id ?? null;
      if (plan === null || providerId === null || subscriberUntil([plan.row]) === null) {
        throw new AppError("conflict", { message: "errors:companies.no_plan" });
      }
      const { used } = await context.seats(db, company);
      if (wanted < used) {
        throw new AppError("validation_failed", {
          fields: { seats: "errors:companies.seats_below_used" },
          params: { count: used },
        });
      }
      const from = plan.row.quantity;
      if (wanted !== from) {
        await deps.seatPlan.setSeats(providerId, wanted);
        await audit(
          db,
          actor,
          {
            action: "company.seats",
            subjectKind: "company",
            subjectId: company.id,
            detail: { from, to: wanted },
          },
          clock(),
        );
      }
      return context.present(db, company);
    },
  };
}
