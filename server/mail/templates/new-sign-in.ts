import { DEFAULT_TIME_ZONE } from "../../../domain/limits.ts";
import { composeMail, type MailTemplate } from "../render.ts";
import { formatTime, mailStrings } from "../strings.ts";

export type NewSignInData = {
  /** Epoch ms of the sign-in. */
  time: number;
  /** The reader's IANA time zone; UTC by default. */
  timeZone?: string;
  /** Browser and system, as read from the user agent; null when unknown. */
  device: string | null;
  ip: string | null;
  /** Where to reset the password if the sign-in was not the account holder's. */
  resetUrl: string;
};

/** Tells the account holder about a sign-in, so a stolen password is noticed. */
export const newSignIn: MailTemplate<NewSignInData> = (data, lng) => {
  const s = mailStrings(lng).newSignIn;
  return composeMail(lng, {
    subject: s.subject,
    heading: s.heading,
    body: [
      s.intro,
      {
        details: [
          { label: s.time, value: formatTime(lng, data.time, data.timeZone ?? DEFAULT_TIME_ZONE) },
          { label: s.device, value: data.device || s.unknown },
          { label: s.ip, value: data.ip || s.unknown },
        ],
      },
      s.ifYou,
      s.notYou,
    ],
    action: { label: s.action, url: data.resetUrl },
  });
};
