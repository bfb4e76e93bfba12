/**
 * The mail a real SMTP server (server/testing/smtp-server.ts) received, read as the e2e accounts
 * read the dev mailbox (e2e/support/accounts.ts `Mailbox`).
 */
import type { Mail, Mailbox } from "../e2e/support/accounts.ts";
import { parseMail } from "../server/mail/stored-mail.ts";
import type { SmtpTestServer } from "../server/testing/smtp-server.ts";

/** Everything received so far, oldest first. */
export async function receivedMail(smtp: SmtpTestServer): Promise<Mail[]> {
  const mails = await Promise.all(smtp.received.map((raw, index) => parseMail(raw, String(index), 0)));
  return mails.map(({ id, to, subject, date, text, html }) => ({
    id,
    to: to.join(", "),
    subject,
    date,
    text,
    html,
  }));
}

/** Waits for mail to an address (the job runner delivers within seconds) and answers the newest that matches. */
export function smtpMailbox(smtp: SmtpTestServer, matches: (mail: Mail) => boolean = () => true): Mailbox {
  return async (_request, to) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const found = (await receivedMail(smtp))
        .reverse()
        .find((mail) => mail.to.split(", ").includes(to) && matches(mail));
      if (found) return found;
      await new Promise((done) => setTimeout(done, 250));
    }
    throw new Error(`no mail to ${to} reached the SMTP server within 15 s`);
  };
}
