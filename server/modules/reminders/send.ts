import { DEFAULT_LANGUAGE, isLanguage } from "../../../domain/catalog/languages.ts";
import { isCategoryKey, listColumns } from "../../../domain/sections/index.ts";
import { authBoolean } from "../../auth/auth-values.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import { markJobDone } from "../../jobs/queue.ts";
import type { JobHandlers } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import { findReferenced, openRecordBody } from "../records/index.ts";
import type { UnsubscribeLinks } from "../unsubscribe/index.ts";
import type { ReminderJobs } from "./schedule.ts";
import { remindersOf } from "./upcoming.ts";

/**
 * The `reminder.send` handler. It re-reads the record, since it may have changed or gone since the
 * job was scheduled (the scheduler removes such jobs, but one may already be running), and mails
 * its owner unless they turned notification mail off. The mail and the job's completion are
 * written in one transaction, so a worker dying after the mail is stored cannot send it twice.
 */
export function reminderJobHandlers(options: {
  database: Database;
  dataKeys: DataKeys;
  /**
   * A getter: the outbox needs the runner these handlers are part of, and the unsubscribe links
   * need the auth secret that is resolved after it.
   */
  mail: () => { outbox: MailOutbox; links: UnsubscribeLinks };
  publicUrl: string;
  clock?: () => number;
}): JobHandlers<ReminderJobs> {
  const { database, dataKeys, publicUrl } = options;
  const db = database.db;
  const clock = options.clock ?? Date.now;
  return {
    async "reminder.send"(payload, context) {
      const row = await db
        .selectFrom("record")
        .selectAll()
        .where("owner_id", "=", payload.ownerId)
        .where("id", "=", payload.recordId)
        .executeTakeFirst();
      if (row === undefined || !isCategoryKey(row.category)) return;
      const user = await db
        .selectFrom("user")
        .select(["email", "lang", "emailNotifications"])
        .where("id", "=", payload.ownerId)
        .executeTakeFirst();
      if (user === undefined) return;
      if (user.emailNotifications !== null && !authBoolean(user.emailNotifications)) return;
      const body = await openRecordBody(dataKeys, row);
      const found = await findReferenced(db, dataKeys, payload.ownerId, listColumns(row.category), [body]);
      const item = remindersOf(row, body, found, clock()).find(
        (candidate) => candidate.field === payload.field && candidate.date === payload.date,
      );
      // The date was changed or cleared: the job for the new date is the one that mails.
      if (item === undefined) return;
      const { outbox, links } = options.mail();
      const lng = isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE;
      await db.transaction().execute(async (trx) => {
        // Done with the mail, atomically, and first: a retry after a crash finds the job finished,
        // and of two workers running it at once (a lease that lapsed) the second waits for the
        // first's transaction on PostgreSQL, then finds it done and mails nothing.
        if (!(await markJobDone(trx, context.jobId, clock()))) return;
        await outbox.enqueueMail(
          {
            to: user.email,
            template: "expiryReminder",
            lng,
            data: {
              category: item.category,
              title: item.title,
              daysLeft: item.daysLeft,
              recordUrl: `${publicUrl}/dashboard/${item.module}/${item.category}/view/${item.recordId}`,
              unsubscribeUrl: links.unsubscribeLink(payload.ownerId),
            },
            headers: links.listUnsubscribeHeaders(payload.ownerId),
          },
          trx,
        );
      });
    },
  };
}
