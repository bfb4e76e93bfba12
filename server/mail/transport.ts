import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";

export const DEFAULT_MAIL_FROM = "Kinfile <no-reply@localhost>";

/** The folder of DATA_DIR where mail is kept when no SMTP server is configured. */
export const MAIL_FOLDER = "mail";

export type OutgoingMail = {
  /** The outbox id: it names the stored file and makes the Message-ID, so a resent mail is recognisable. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export type MailTransport = {
  kind: "smtp" | "file";
  /** Resolves once the SMTP server accepted the mail (or the file is written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export type MailTransportOptions = {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465. */
  smtpUrl?: string;
  from?: string;
  dataDir: string;
};

/**
 * Bounded waits: a job's lease is five minutes, and nodemailer would otherwise wait up to ten
 * minutes on a silent server, letting a second worker send the same mail.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function messageIdDomain(from: string): string {
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  return address.split("@")[1]?.trim() || "localhost";
}

type TransporterOptions = Parameters<typeof import("nodemailer").createTransport>[0];

/**
 * nodemailer is loaded with the first mail, not at start: it is one of the heaviest modules of the
 * server, and an idle server sends nothing.
 */
function lazyTransporter(settings: TransporterOptions): { get(): Promise<Transporter>; close(): void } {
  let created: Promise<Transporter> | undefined;
  return {
    get() {
      created ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(settings),
      );
      return created;
    },
    close() {
      void created?.then((transporter) => transporter.close());
    },
  };
}

/**
 * Sends through the SMTP server of smtpUrl or, without one, builds the same RFC 822 message and
 * keeps it as DATA_DIR/mail/<timestamp>-<id>.eml, where the dev mailbox lists it.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const domain = messageIdDomain(from);
  const message = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: `<${mail.id}@${domain}>`,
  });

  if (options.smtpUrl !== undefined) {
    const transporter = lazyTransporter({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: "smtp",
      async send(mail) {
        await (await transporter.get()).sendMail(message(mail));
      },
      close: transporter.close,
    };
  }

  const folder = path.join(options.dataDir, MAIL_FOLDER);
  const transporter = lazyTransporter({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    async send(mail) {
      const info = await (await transporter.get()).sendMail(message(mail));
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${Date.now()}-${mail.id}.eml`);
      // Written aside then renamed, so the mailbox never reads half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: transporter.close,
  };
}
