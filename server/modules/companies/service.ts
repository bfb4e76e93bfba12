import { type CompanyServiceDeps, companyContext } from "./company-context.ts";
import { companyDetailCalls } from "./company-details.ts";
import { invitationCalls } from "./invitations.ts";
import { memberCalls } from "./members.ts";
import { platformAdminCalls } from "./platform-admin.ts";

export { type CompanyJobs, INVITE_REMINDER_MS } from "./invitation-mail.ts";
export { companyJobHandlers } from "./reminder-job.ts";

/**
 * Companies and their members (domain/schemas/company.ts). Every call acts for a company admin
 * on their own company, found from their membership: another company's members and calls do not
 * exist for them (404). A member's file is never read here: the admin sees the membership only.
 */
export function createCompanyService(deps: CompanyServiceDeps) {
  const context = companyContext(deps);
  return {
    ...companyDetailCalls(context),
    ...invitationCalls(context),
    ...memberCalls(context),
    ...platformAdminCalls(context),
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
