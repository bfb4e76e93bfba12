import type { AdminCompaniesQuery, AdminCompany } from "../../../domain/schemas/company.ts";
import { type Page, pageOf } from "../../../domain/schemas/page.ts";
import type { Actor } from "../../auth/access.ts";
import { AppError } from "../../errors/app-error.ts";
import { audit } from "../admin/index.ts";
import type { CompanyContext } from "./company-context.ts";
import { companyRepository } from "./repository.ts";

/** Platform admins' view of companies: every company, its seats and its members counted by status; no member's name. */
export function platformAdminCalls(context: CompanyContext) {
  const { db, clock, deps } = context;
  const companies = companyRepository(db);
  return {
    async adminList(query: AdminCompaniesQuery): Promise<Page<AdminCompany>> {
      const { rows, total } = await companies.page(query);
      const content = await Promise.all(rows.map((row) => context.presentForAdmin(row)));
      return pageOf(content, query.page, query.size, total);
    },

    async adminGet(id: string): Promise<AdminCompany> {
      const company = await companies.find(id);
      if (company === undefined) throw new AppError("not_found");
      return context.presentForAdmin(company);
    },

    /** Billing off only: with Stripe, the seats are the company plan's quantity. */
    async setSeatLimit(actor: Actor, id: string, seatLimit: number | null): Promise<AdminCompany> {
      if (deps.billing !== "off")
        throw new AppError("conflict", { message: "errors:companies.seats_from_plan" });
      const company = await companies.find(id);
      if (company === undefined) throw new AppError("not_found");
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await companyRepository(trx).update(id, { seat_limit: seatLimit, updated_at: now });
        await audit(
          trx,
          actor,
          { action: "company.seats", subjectKind: "company", subjectId: id, detail: { seatLimit } },
          now,
        );
      });
      return context.presentForAdmin({ ...company, seat_limit: seatLimit });
    },
  };
}
