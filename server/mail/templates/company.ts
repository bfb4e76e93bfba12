import type { Language } from "../../../domain/catalog/languages.ts";
import { composeMail, type MailTemplate } from "../render.ts";
import { fill, mailStrings } from "../strings.ts";

/**
 * A company's invitation to one of its staff (server/modules/companies), and the one reminder a
 * week later: who invites, the single-use code, and a link that carries it to the activation page.
 */
export type CompanyInvitationData = {
  company: string;
  firstName: string;
  /** "ABCDE-FGHIJ-…", as typed on the activation page. */
  code: string;
  activateUrl: string;
  /** Sign-up with the invited address filled in, naming the company, back to the company page. */
  registerUrl: string;
  reminder: boolean;
};

export const companyInvitation: MailTemplate<CompanyInvitationData> = (data, lng: Language) => {
  const s = mailStrings(lng).companyInvitation;
  const params = { company: data.company, firstName: data.firstName, code: data.code };
  return composeMail(lng, {
    subject: fill(data.reminder ? s.reminderSubject : s.subject, params),
    heading: fill(s.heading, params),
    body: [fill(s.body, params), fill(s.code, params), ...(data.reminder ? [s.replaces] : [])],
    action: { label: s.action, url: data.activateUrl },
    notes: [fill(s.noAccount, { ...params, url: data.registerUrl })],
  });
};
