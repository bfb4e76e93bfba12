import { composeMail, type MailTemplate } from "../render.ts";
import { fill, formatDuration, mailStrings } from "../strings.ts";

export type ChangeEmailData = { url: string; newEmail: string; expiresInMinutes: number };

/** Sent to the new address: the change happens only once its owner follows the link. */
export const changeEmail: MailTemplate<ChangeEmailData> = (data, lng) => {
  const s = mailStrings(lng).changeEmail;
  return composeMail(lng, {
    subject: s.subject,
    heading: s.heading,
    body: [fill(s.intro, { email: data.newEmail })],
    action: { label: s.action, url: data.url },
    notes: [fill(s.expiry, { duration: formatDuration(lng, data.expiresInMinutes) }), s.ignore],
  });
};
