import type { MailTemplate } from "../render.ts";
import { cancellationConfirmed, paymentFailed, renewalReminder, subscriptionStarted } from "./billing.ts";
import { changeEmail } from "./change-email.ts";
import { collaboratorInvitation } from "./collaborator.ts";
import { companyInvitation } from "./company.ts";
import { expiryReminder } from "./expiry-reminder.ts";
import { newSignIn } from "./new-sign-in.ts";
import { notification } from "./notification.ts";
import { resetPassword } from "./reset-password.ts";
import { shareInvitation, shareNotice, shareRequest } from "./sharing.ts";
import { verifyEmail } from "./verify-email.ts";

/** Every mail the product sends, by name. A new one is a file here, one line below, and its strings. */
export const mailTemplates = {
  verifyEmail,
  resetPassword,
  newSignIn,
  changeEmail,
  notification,
  expiryReminder,
  shareInvitation,
  shareRequest,
  shareNotice,
  subscriptionStarted,
  paymentFailed,
  renewalReminder,
  cancellationConfirmed,
  companyInvitation,
  collaboratorInvitation,
};

export type MailTemplates = typeof mailTemplates;
export type MailTemplateName = keyof MailTemplates;
/** The data a template takes. */
export type MailData<Name extends MailTemplateName> =
  MailTemplates[Name] extends MailTemplate<infer Data> ? Data : never;
