import { composeMail, type MailTemplate } from "../render.ts";
import { fill, formatDuration, mailStrings } from "../strings.ts";

export type VerifyEmailData = { url: string; expiresInMinutes: number };

/** Sent after sign-up: the link proves the address belongs to the person who signed up. */
export const verifyEmail: MailTemplate<VerifyEmailData> = (data, lng) => {
  const s = mailStrings(lng).verifyEmail;
  return composeMail(lng, {
    subject: s.subject,
    heading: s.heading,
    body: [s.intro],
    action: { label: s.action, url: data.url },
    notes: [fill(s.expiry, { duration: formatDuration(lng, data.expiresInMinutes) }), s.ignore],
  });
};
