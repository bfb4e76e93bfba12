import { composeMail, type MailTemplate } from "../render.ts";
import { fill, formatDuration, mailStrings } from "../strings.ts";

export type ResetPasswordData = { url: string; expiresInMinutes: number };

/** The link to choose a new password; it expires and works once. */
export const resetPassword: MailTemplate<ResetPasswordData> = (data, lng) => {
  const s = mailStrings(lng).resetPassword;
  return composeMail(lng, {
    subject: s.subject,
    heading: s.heading,
    body: [s.intro],
    action: { label: s.action, url: data.url },
    notes: [fill(s.expiry, { duration: formatDuration(lng, data.expiresInMinutes) }), s.ignore],
  });
};
