import type { Config } from "./config.ts";
import type { DataKeys } from "./crypto/data-keys.ts";
import type { Database } from "./db/database.ts";
import type { FileChanges } from "./file/changes.ts";
import type { JobHandlers, JobLogger, JobQueue } from "./jobs/runner.ts";
import { type MailJobs, mailJobHandlers } from "./mail/delivery.ts";
import type { MailOutbox } from "./mail/outbox.ts";
import type { MailTransport } from "./mail/transport.ts";
import type { AccountEraser } from "./modules/account/account-deletion.ts";
import { type PurgeJobs, purgeJobHandlers } from "./modules/account/unverified-purge.ts";
import { type CompanyJobs, companyJobHandlers } from "./modules/companies/service.ts";
import { documentBlobReferences } from "./modules/documents/blob-references.ts";
import {
  type DocumentMetadataJobs,
  documentMetadataHandlers,
} from "./modules/documents/metadata-backfill.ts";
import { type PendingUploadJobs, pendingUploadJobHandlers } from "./modules/documents/pending-uploads.ts";
import { type ReminderBackfillJobs, reminderBackfillHandlers } from "./modules/reminders/backfill.ts";
import type { ReminderJobs } from "./modules/reminders/schedule.ts";
import { reminderJobHandlers } from "./modules/reminders/send.ts";
import { type SearchIndexJobs, searchIndexHandlers } from "./modules/search/index-build.ts";
import { createApprovalLinks } from "./modules/sharing/approval-links.ts";
import { sharingJobHandlers } from "./modules/sharing/jobs.ts";
import type { SharingJobs } from "./modules/sharing/schedule.ts";
import { createBillingMails } from "./modules/subscriptions/mails.ts";
import { type BillingJobs, renewalJobHandlers } from "./modules/subscriptions/renewal.ts";
import { createUnsubscribeLinks } from "./modules/unsubscribe/unsubscribe-links.ts";
import { type LeftoverJobs, leftoverJobHandlers } from "./storage/leftovers.ts";
import { openBlobBackend } from "./storage/open-blob-store.ts";

/** Every durable job the server runs (server/jobs), by kind. */
export type AppJobs = MailJobs &
  ReminderJobs &
  ReminderBackfillJobs &
  SharingJobs &
  DocumentMetadataJobs &
  SearchIndexJobs &
  BillingJobs &
  CompanyJobs &
  PurgeJobs &
  LeftoverJobs &
  PendingUploadJobs;

/**
 * The handler of every job kind, as each server process runs them: main.ts gives them to its
 * runner, and the tests that run several servers on one database give them to each server's.
 * Getters stand for what is built after the runner (the outbox and the queue are the runner's,
 * the links need the auth secret).
 */
export function appJobHandlers(options: {
  config: Pick<Config, "publicUrl" | "blobStore" | "dataDir">;
  database: Database;
  dataKeys: DataKeys;
  /** Where mail is delivered; without one it stays queued in mail_outbox (the test app reads it there). */
  transport?: MailTransport;
  eraser: AccountEraser;
  /** Where the jobs that write to owners' files publish it (server/file/changes.ts). */
  changes: FileChanges;
  outbox: () => MailOutbox;
  jobs: () => JobQueue<AppJobs>;
  authSecret: () => string;
  logger: JobLogger;
  /** Epoch ms: the app's one clock; tests pass their own to move time. */
  clock: () => number;
}): JobHandlers<AppJobs> {
  const { config, database, dataKeys, logger, jobs, outbox, clock, transport } = options;
  const { publicUrl } = config;
  const blobs = openBlobBackend({ config, database });
  const unsubscribe = () => createUnsubscribeLinks({ publicUrl, secret: options.authSecret() });
  return {
    ...(transport === undefined
      ? { "mail.deliver": async () => {} }
      : mailJobHandlers({ database, transport, logger, clock })),
    ...reminderJobHandlers({
      database,
      dataKeys,
      publicUrl,
      mail: () => ({ outbox: outbox(), links: unsubscribe() }),
      clock,
    }),
    ...reminderBackfillHandlers({ database, dataKeys, jobs, clock }),
    ...documentMetadataHandlers({ database, dataKeys }),
    ...searchIndexHandlers({ database, dataKeys }),
    ...sharingJobHandlers({
      database,
      publicUrl,
      services: () => ({
        outbox: outbox(),
        jobs: jobs(),
        links: createApprovalLinks({ publicUrl, secret: options.authSecret() }),
        unsubscribe: unsubscribe(),
      }),
      clock,
    }),
    ...renewalJobHandlers({ database, mails: () => createBillingMails({ outbox: outbox(), publicUrl }) }),
    ...companyJobHandlers({ database, mail: outbox, publicUrl }),
    ...purgeJobHandlers({ database, eraser: options.eraser, changes: options.changes, jobs, clock }),
    ...pendingUploadJobHandlers({ db: database.db, changes: options.changes, blobs, jobs, logger, clock }),
    ...leftoverJobHandlers({
      backend: blobs,
      referenced: documentBlobReferences(database.db),
      jobs,
      logger,
      clock,
    }),
  };
}
