import type { Language } from "../../../domain/catalog/languages.ts";
import { isLanguage } from "../../../domain/catalog/languages.ts";
import type { CompanyMember, MemberPageQuery } from "../../../domain/schemas/company.ts";
import { type Page, pageOf } from "../../../domain/schemas/page.ts";
import type { Actor } from "../../auth/access.ts";
import { AppError } from "../../errors/app-error.ts";
import { audit } from "../admin/index.ts";
import { type CompanyContext, noSeats, presentMember } from "./company-context.ts";
import { reminderKey } from "./invitation-mail.ts";
import { companyRepository, type MemberRow } from "./repository.ts";

/** A company admin's members table: the page, deactivating, reactivating, and granting admin. */
export function memberCalls(context: CompanyContext) {
  const { db, clock, deps } = context;
  return {
    async members(actor: Actor, page: number, query: MemberPageQuery): Promise<Page<CompanyMember>> {
      const company = await context.adminsCompany(actor);
      const { rows, total } = await companyRepository(db).memberPage(company.id, page, query);
      return pageOf(rows.map(presentMember), page, query.size, total);
    },

    /** The member loses the b2b role and their seat, and keeps their whole file. */
    async deactivate(actor: Actor, id: string): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await context.adminsCompany(actor, trx);
        const member = await context.memberOf(trx, company, id);
        if (member.status === "deactivated") return member;
        if (await context.lastAdmin(trx, member)) {
          throw new AppError("conflict", { message: "errors:companies.last_admin" });
        }
        const now = clock();
        const changes = { status: "deactivated" as const, is_admin: 0, code_hash: null, deactivated_at: now };
        await companyRepository(trx).updateMember(member.id, changes);
        await deps.jobs.cancel(reminderKey(member.id), trx);
        await context.refreshRoles(trx, member.user_id);
        await audit(
          trx,
          actor,
          { action: "company.deactivate", subjectKind: "company_member", subjectId: member.id },
          now,
        );
        return { ...member, ...changes };
      });
      context.forgetRoles(row.user_id);
      return presentMember(row);
    },

    /** Back to active (an account had activated the seat) or invited again with a new code. */
    async reactivate(actor: Actor, id: string): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await context.adminsCompany(actor, trx);
        const member = await context.memberOf(trx, company, id);
        if (member.status !== "deactivated") return member;
        const missing = await context.seatsMissing(trx, company, 1);
        if (missing > 0) {
          throw noSeats(missing);
        }
        const now = clock();
        let changed: MemberRow;
        if (member.user_id !== null) {
          changed = { ...member, status: "active", deactivated_at: null };
          await companyRepository(trx).updateMember(member.id, { status: "active", deactivated_at: null });
          await context.refreshRoles(trx, member.user_id);
        } else {
          const language: Language = isLanguage(member.language) ? member.language : "en";
          changed = await context.invite(
            trx,
            company,
            { email: member.email, firstName: member.first_name, lastName: member.last_name, language },
            member,
          );
        }
        await audit(
          trx,
          actor,
          { action: "company.reactivate", subjectKind: "company_member", subjectId: member.id },
          now,
        );
        return changed;
      });
      context.forgetRoles(row.user_id);
      return presentMember(row);
    },

    /** Grants or removes company admin; the last admin cannot step down. */
    async setAdmin(actor: Actor, id: string, admin: boolean): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await context.adminsCompany(actor, trx);
        const member = await context.memberOf(trx, company, id);
        if (member.status !== "active") {
          throw new AppError("conflict", { message: "errors:companies.admin_needs_active" });
        }
        if (!admin && (await context.lastAdmin(trx, member))) {
          throw new AppError("conflict", { message: "errors:companies.last_admin" });
        }
        await companyRepository(trx).updateMember(member.id, { is_admin: admin ? 1 : 0 });
        await context.refreshRoles(trx, member.user_id);
        await audit(
          trx,
          actor,
          {
            action: admin ? "company.admin_grant" : "company.admin_remove",
            subjectKind: "company_member",
            subjectId: member.id,
          },
          clock(),
        );
        return { ...member, is_admin: admin ? 1 : 0 };
      });
      context.forgetRoles(row.user_id);
      return presentMember(row);
    },
  };
}
