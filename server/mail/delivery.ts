import type { Database } from "../db/database.ts";
import type { JobHandlers, JobLogger } from "../jobs/runner.ts";
import type { MailTransport } from "./transport.ts";

/** The job kinds of the mail module, to merge into the app's job map. */
export type MailJobs = { "mail.deliver": { mailId: string } };

const ERROR_MAX_LENGTH = 2_000;

/**
 * The handler that sends an outbox mail. A failure is recorded on the mail and thrown, so the job
 * runner retries it with backoff; after the last attempt the mail is marked failed and logged.
 * A mail already sent is not sent again, should its job run twice.
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
      const mail = await db.selectFrom("mail_outbox").selectAll().where("id", "=", mailId).executeTakeFirst();
      if (mail === undefined || mail.status !== "queued") return;
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
          .set((eb) => ({
            attempts: eb("attempts", "+", 1),
            last_error: lastError,
            status: isLastAttempt ? "failed" : "queued",
          }))
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
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          status: "sent",
          sent_at: clock(),
          last_error: null,
        }))
        .where("id", "=", mailId)
        .execute();
    },
  };
}
