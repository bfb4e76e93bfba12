import { composeMail, type MailTemplate } from "../render.ts";

/** Texts already translated by the feature that sends it (reminders, share requests...). */
export type NotificationData = {
  subject: string;
  heading: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Shown in the footer; send the List-Unsubscribe headers with it (listUnsubscribeHeaders). */
  unsubscribeUrl?: string;
};

/** Any other mail, in the same layout. */
export const notification: MailTemplate<NotificationData> = ({ paragraphs, ...data }, lng) =>
  composeMail(lng, { ...data, body: paragraphs });
