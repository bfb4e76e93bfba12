import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { Identity } from "../auth/access.ts";
import { type AuthServices, createAuth } from "../auth/better-auth.ts";
import { type Config, loadConfig } from "../config.ts";
import { generateMasterKeyText } from "../crypto/master-key-text.ts";
import type { Database, Dialect } from "../db/database.ts";
import { type FileChanges, openFileChanges } from "../file/changes.ts";
import { createJobRunner, type JobHandlers, type JobQueue, type JobRunner } from "../jobs/runner.ts";
import type { MailJobs } from "../mail/delivery.ts";
import { createMailOutbox } from "../mail/outbox.ts";
import { type AccountEraser, createAccountEraser } from "../modules/account/account-deletion.ts";
import { type PurgeJobs, purgeJobHandlers } from "../modules/account/unverified-purge.ts";
import { type CompanyJobs, companyJobHandlers } from "../modules/companies/service.ts";
import { createApprovalLinks } from "../modules/sharing/approval-links.ts";
import type { SharingServices } from "../modules/sharing/jobs.ts";
import { sharingJobHandlers } from "../modules/sharing/jobs.ts";
import type { SharingJobs } from "../modules/sharing/schedule.ts";
import { createBillingMails } from "../modules/subscriptions/mails.ts";
import { type BillingJobs, renewalJobHandlers } from "../modules/subscriptions/renewal.ts";
import { createUnsubscribeLinks } from "../modules/unsubscribe/unsubscribe-links.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

/**
 * Every job a test app runs, as the server's runner has them, except mail delivery (mail stays in
 * mail_outbox, where tests read it). Shared by the test app and the sharing tests' second worker.
 */
export function testJobHandlers(options: {
  database: Database;
  publicUrl: string;
  clock?: () => number;
  services: () => SharingServices & { jobs: JobQueue<SharingJobs & PurgeJobs> };
  /** The app's account eraser, for the purge of unconfirmed sign-ups. */
  eraser: AccountEraser;
  /** The app's change bus, which the purge's deletions publish on. */
  changes: FileChanges;
}): JobHandlers<TestJobs> {
  const { database, publicUrl } = options;
  const outbox = () => options.services().outbox;
  return {
    "mail.deliver": async () => {},
    ...sharingJobHandlers({
      database,
      publicUrl,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      services: options.services,
    }),
    ...renewalJobHandlers({ database, mails: () => createBillingMails({ outbox: outbox(), publicUrl }) }),
    ...companyJobHandlers({ database, mail: outbox, publicUrl }),
    ...purgeJobHandlers({
      database,
      eraser: options.eraser,
      changes: options.changes,
      jobs: () => options.services().jobs,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    }),
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Identity: better-auth (auth.auth.api, auth.auth.$context), the session cache, the security log, the secret. */
  auth: AuthServices;
  /**
   * The app's job runner. Nothing runs it unless a test calls runDue (mail delivery is a no-op:
   * mail stays in mail_outbox); the sharing jobs run for real.
   */
  jobs: JobRunner<TestJobs>;
  /** How the app deletes an account (every module's part added by buildApp). */
  eraser: AccountEraser;
  close(): Promise<void>;
};

export type TestJobs = MailJobs & SharingJobs & BillingJobs & CompanyJobs & PurgeJobs;

const QUIET = { warn() {}, error() {} };

/**
 * The real app on a fresh, migrated database of the given dialect, silent, ready for app.inject.
 * webDir points into the test's data folder, so no build is needed (pages answer the 503 page)
 * unless the test writes one there or passes its own.
 */
export async function buildTestApp(
  dialect: Dialect,
  options: {
    config?: Partial<Config>;
    identity?: Identity;
    /** Epoch ms for the app, its mail and its jobs; tests of timed behaviour move it. */
    clock?: () => number;
    /** pino options for the app's log (tests of what is logged); silent by default. */
    logger?: object;
    /** The database to run on instead of a fresh one (a pool through a proxy a test cuts); closed with the app. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(dialect));
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: database.dataDir }),
    webDir: `${database.dataDir}/web`,
    // Tests sign in far more often than people; a test of the limits sets its own.
    authRateLimit: { max: 10_000, windowMs: 60_000 },
    uploadRateLimit: { max: 10_000, windowMs: 60_000 },
    importRateLimit: { max: 10_000, windowMs: 60_000 },
    // Each test app has its own master key, as a deployment setting KINFILE_MASTER_KEY would.
    masterKey: generateMasterKeyText(),
    ...options.config,
  };
  const clock = options.clock === undefined ? {} : { clock: options.clock };
  const eraser = createAccountEraser();
  // One bus for the app, its auth and its jobs, as main.ts has it.
  const changes = openFileChanges(database);
  // Mail is stored in mail_outbox and never delivered: tests read it there (server/testing/identity.ts).
  const jobs: JobRunner<TestJobs> = createJobRunner<TestJobs>({
    database,
    ...clock,
    handlers: testJobHandlers({
      database,
      publicUrl: config.publicUrl,
      eraser,
      changes,
      ...clock,
      services: () => ({
        outbox,
        jobs,
        links: createApprovalLinks({ publicUrl: config.publicUrl, secret: auth.secret }),
        unsubscribe: createUnsubscribeLinks({ publicUrl: config.publicUrl, secret: auth.secret }),
      }),
    }),
  });
  // Mail stored in one millisecond still reads back in the order it was made (mailsTo sorts by time).
  const appClock = options.clock ?? Date.now;
  let lastMail = 0;
  const mailClock = () => {
    lastMail = Math.max(appClock(), lastMail + 1);
    return lastMail;
  };
  const outbox = createMailOutbox({ database, jobs, clock: mailClock });
  const auth = createAuth({ config, database, mail: outbox, logger: QUIET, changes });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    auth,
    sharing: { mail: outbox, jobs },
    billing: { mail: outbox, jobs },
    eraser,
    ...clock,
    ...(options.identity === undefined ? {} : { identity: options.identity }),
  });
  return {
    app,
    database,
    config,
    auth,
    jobs,
    eraser,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
