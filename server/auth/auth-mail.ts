import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../domain/catalog/languages.ts";
import en from "../../public/locales/en/identity-mail.json" with { type: "json" };
import fr from "../../public/locales/fr/identity-mail.json" with { type: "json" };
import type { MailOutbox } from "../mail/outbox.ts";

const STRINGS: Record<Language, typeof en> = { en, fr };

/** The part of the mail outbox identity uses (server/mail/outbox.ts). */
export type IdentityMailer = Pick<MailOutbox, "enqueueMail">;

/** Any user record better-auth hands its callbacks: lang is our additional field. */
export type MailRecipient = { email: string; lang?: unknown };

function recipientLanguage(user: MailRecipient): Language {
  return isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE;
}

/** The app's page that confirms an address with a click (app/features/verify/ConfirmEmailPage.tsx). */
export const CONFIRM_EMAIL_PAGE = "/verify-email";

/**
 * The mails identity sends, each from the outbox's templates in the account's language. Links come
 * from better-auth (they carry its one-time tokens) except the login and reset pages of the app.
 * better-auth's address links (GET /api/auth/verify-email) act when fetched, so the mail carries
 * the app's page instead, with the same query: a link scanner that opens it confirms nothing, the
 * person's click does.
 */
export function identityMails(mail: IdentityMailer, publicUrl: string) {
  const origin = publicUrl.replace(/\/+$/, "");
  const confirmPage = (url: string) => `${origin}${CONFIRM_EMAIL_PAGE}${new URL(url).search}`;
  /** A notice worded in identity-mail.json: subject, heading, three paragraphs and one action. */
  const notice = (user: MailRecipient, key: "existingAccount" | "signInLocked", url: string) => {
    const lng = recipientLanguage(user);
    const s = STRINGS[lng][key];
    return mail.enqueueMail({
      to: user.email,
      template: "notification",
      data: {
        subject: s.subject,
        heading: s.heading,
        paragraphs: [s.intro, s.ifYou, s.notYou],
        action: { label: s.action, url },
      },
      lng,
    });
  };
  return {
    verifyEmail: (user: MailRecipient, url: string, expiresInMinutes: number) =>
      mail.enqueueMail({
        to: user.email,
        template: "verifyEmail",
        data: { url: confirmPage(url), expiresInMinutes },
        lng: recipientLanguage(user),
      }),
    resetPassword: (user: MailRecipient, url: string, expiresInMinutes: number) =>
      mail.enqueueMail({
        to: user.email,
        template: "resetPassword",
        data: { url, expiresInMinutes },
        lng: recipientLanguage(user),
      }),
    /** To the current address: confirming it moves the account to newEmail (then verified in turn). */
    changeEmail: (user: MailRecipient, url: string, newEmail: string, expiresInMinutes: number) =>
      mail.enqueueMail({
        to: user.email,
        template: "changeEmail",
        data: { url: confirmPage(url), newEmail, expiresInMinutes },
        lng: recipientLanguage(user),
      }),
    /** Sent instead of a second account: the sign-up answer itself reveals nothing. */
    existingAccount: (user: MailRecipient) => notice(user, "existingAccount", `${publicUrl}/login`),
    /** The per-address sign-in limit was reached from an unknown browser: the owner's way through. */
    signInLocked: (user: MailRecipient, unlockUrl: string) => notice(user, "signInLocked", unlockUrl),
    newSignIn: (user: MailRecipient, details: { time: number; device: string | null; ip: string | null }) =>
      mail.enqueueMail({
        to: user.email,
        template: "newSignIn",
        data: { ...details, resetUrl: `${publicUrl}/forgot-password` },
        lng: recipientLanguage(user),
      }),
  };
}

export type IdentityMails = ReturnType<typeof identityMails>;
