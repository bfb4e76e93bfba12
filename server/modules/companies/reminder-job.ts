import type { Database } from "../../db/database.ts";
import { markJobDone } from "../../jobs/queue.ts";
import type { JobHandlers } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import { generateCode } from "../subscriptions/index.ts";
import { type CompanyJobs, hashCode, sendInvitation } from "./invitation-mail.ts";
import { companyRepository } from "./repository.ts";

/**
 * The week-later reminder: only for a seat still waiting, with a new code (the first is not kept,
 * only its hash is), said to replace the earlier one.
 */
export function companyJobHandlers(options: {
  database: Database;
  mail: () => MailOutbox;
  publicUrl: string;
}): JobHandlers<CompanyJobs> {
  return {
    async "company.invite-reminder"({ memberId }, { jobId }) {
      await options.database.db.transaction().execute(async (trx) => {
        // Done first, in the transaction of the mail: of two workers running the job at once (a
        // lease that lapsed), the second finds it done, and the code the first mailed stays valid.
        if (!(await markJobDone(trx, jobId, Date.now()))) return;
        const companies = companyRepository(trx);
        const member = await companies.invitedMember(memberId);
        if (member === undefined) return;
        const company = await companies.find(member.company_id);
        if (company === undefined) throw new Error("an invitation's company is missing");
        const code = generateCode();
        await companies.updateMember(member.id, { code_hash: hashCode(code) });
        await sendInvitation(options.mail(), options.publicUrl, trx, {
          company,
          member,
          code,
          reminder: true,
        });
      });
    },
  };
}
