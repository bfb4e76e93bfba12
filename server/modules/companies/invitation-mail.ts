import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { isLanguage } from "../../../domain/catalog/languages.ts";
import { INVITATION_PARAM } from "../../../domain/schemas/invitation.ts";
import type { DB } from "../../db/schema.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import { displayCode, normalizeCode } from "../subscriptions/index.ts";
import type { CompanyRow, MemberRow } from "./repository.ts";

export type CompanyJobs = { "company.invite-reminder": { memberId: string } };

/** The spec's issue: one reminder a week after the invitation, if the seat is still not activated. */
export const INVITE_REMINDER_MS = 7 * 24 * 60 * 60 * 1000;
export const ACTIVATE_PATH = "/b2b/activate";
/** Where a signed-in invitee finds the invitation with its Accept button. */
export const COMPANY_PAGE_PATH = "/b2b";

export const reminderKey = (memberId: string) => `company.invite-reminder:${memberId}`;

/** Only a code's hash is stored; it is also the register link's token. */
export function hashCode(code: string): string {
  return createHash("sha256").update(normalizeCode(code)).digest("hex");
}

/** The invitation mail (or its reminder), in the invitee's language, inside the caller's transaction. */
export async function sendInvitation(
  mail: MailOutbox,
  publicUrl: string,
  trx: Kysely<DB>,
  invitation: { company: CompanyRow; member: MemberRow; code: string; reminder: boolean },
): Promise<void> {
  const { company, member, reminder } = invitation;
  const code = displayCode(invitation.code);
  const register = new URLSearchParams({
    email: member.email,
    next: COMPANY_PAGE_PATH,
    [INVITATION_PARAM]: hashCode(invitation.code),
  });
  await mail.enqueueMail(
    {
      to: member.email,
      template: "companyInvitation",
      lng: isLanguage(member.language) ? member.language : "en",
      data: {
        company: company.name,
        firstName: member.first_name,
        code,
        activateUrl: `${publicUrl}${ACTIVATE_PATH}?code=${encodeURIComponent(code)}`,
        registerUrl: `${publicUrl}/register?${register}`,
        reminder,
      },
    },
    trx,
  );
}
