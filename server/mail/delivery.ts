import type { Database } from "../db/database.ts";
import type { JobHandlers, JobLogger } from "../jobs/runner.ts";
import type { MailTransport } from "./transport.ts";

/** The job kinds of the mail module, to merge into the app's job map. */
export type MailJobs = { "mail.deliver": { mailId: string } };

const ERROR_MAX_LENGTH = 2_000;

/**
 * How long a worker's claim on a mail holds while it sends: well past the transport's own time
 * limits (SMTP_TIMEOUTS, two minutes at most), so no second worker sends the mail meanwhile; a
 * worker that dies mid-send leaves the mail to the next attempt once it lapses.
 */
const SEND_CLAIM_MS = 5 * 60_000;

/** Thrown (and retried) by a worker that finds another sending the mail right now. */
class MailBeingSentError extends Error {
  override name = "MailBeingSentError";
}

/**
 * The handler that sends an outbox mail. A failure is recorded on the mail and thrown, so the job
 * runner retries it with backoff; after the last attempt the mail is marked failed and logged.
 * A mail is sent once however many workers run its job: each send first claims the mail in one
 * statement (queued, and no other claim running), so of two workers running the same job at once
 * (a lease that lapsed) one sends and the other retries later, finding the mail sent.
 */
export function mailJobHandlers(options: {
  database: Database;
  transport: MailTransport;
  logger: JobLogger;
  clock?: () => number;
}): JobHandlers<MailJobs> {
  const { database, transport, logger } = options;
  const clock = options.clock ?? Date.now;
  const { db } = database;

  return {
    "mail.deliver": async ({ mailId }, { isLastAttempt }) => {
      const now = clock();
      const mail = await db
        .updateTable("mail_outbox")
        .set((eb) => ({ sending_until: now + SEND_CLAIM_MS, attempts: eb("attempts", "+", 1) }))
        .where("id", "=", mailId)
        .where("status", "=", "queued")
        .where((eb) => eb.or([eb("sending_until", "is", null), eb("sending_until", "<=", now)]))
        .returningAll()
        .executeTakeFirst();
      if (mail === undefined) {
        const current = await db
          .selectFrom("mail_outbox")
          .select("status")
          .where("id", "=", mailId)
          .executeTakeFirst();
        // Sent, failed for good or gone: nothing to do. Queued: another worker is sending it now.
        if (current === undefined || current.status !== "queued") return;
        throw new MailBeingSentError("another worker is sending this mail; trying again later");
      }
      try {
        await transport.send({
          id: mail.id,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
          headers: JSON.parse(mail.headers) as Record<string, string>,
        });
      } catch (error) {
        const lastError = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH);
        await db
          .updateTable("mail_outbox")
          .set({ last_error: lastError, status: isLastAttempt ? "failed" : "queued", sending_until: null })
          .where("id", "=", mailId)
          .execute();
        if (isLastAttempt) {
          logger.error(
            { mailId, template: mail.template, err: error },
            "mail could not be delivered; gave up",
          );
        }
        throw error;
      }
      await db
        .updateTable("mail_outbox")
        .set({ status: "sent", sent_at: clock(), last_error: null, sending_until: null })
        .where("id", "=", mailId)
        .execute();
    },
  };
}
