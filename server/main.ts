import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "./app.ts";
import { type AppJobs, appJobHandlers } from "./app-jobs.ts";
import { createAuth } from "./auth/better-auth.ts";
import { type Config, loadConfig } from "./config.ts";
import { createDataKeys } from "./crypto/data-keys.ts";
import { loadCheckedMasterKeyring } from "./crypto/master-key-check.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { openFileChanges } from "./file/changes.ts";
import { createJobRunner, type JobRunner } from "./jobs/runner.ts";
import { createMailOutbox } from "./mail/outbox.ts";
import { createMailTransport, type MailTransport } from "./mail/transport.ts";
import { createAccountEraser } from "./modules/account/account-deletion.ts";
import { schedulePurgeOfUnverified } from "./modules/account/unverified-purge.ts";
import { scheduleDocumentMetadataEncryption } from "./modules/documents/metadata-backfill.ts";
import { schedulePendingUploadSweep } from "./modules/documents/pending-uploads.ts";
import { scheduleReminderBackfill } from "./modules/reminders/backfill.ts";
import { scheduleSearchIndexBuild } from "./modules/search/index-build.ts";
import { describeStartupError, ensureDataDir, StartupError } from "./startup.ts";
import { scheduleLeftoverSweep } from "./storage/leftovers.ts";
import { lowerBackgroundThreads } from "./thread-priority.ts";

/** In-flight requests get this long to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How often the job runner looks for due jobs (mail to deliver). */
const JOB_POLL_MS = 1_000;

async function listen(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      throw new StartupError(
        `port ${config.port} is already in use on ${config.host}; stop the other program or set PORT to a free port.`,
      );
    }
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EACCES") {
      throw new StartupError(
        `cannot listen on ${config.host}:${config.port} (${code}); set HOST to an address of this machine (such as 127.0.0.1 or 0.0.0.0) and PORT to a free port above 1023.`,
      );
    }
    throw error;
  }
}

function stopOnSignals(
  app: FastifyInstance,
  database: Database,
  jobs: JobRunner<AppJobs>,
  transport: MailTransport,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const giveUp = setTimeout(() => {
      process.stderr.write("kinfile: requests did not finish in time; stopping anyway.\n");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    giveUp.unref();
    try {
      // Stops accepting connections and waits for the requests already running.
      await app.close();
      await jobs.stop();
      transport.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`kinfile: ${describeStartupError(error)}\n`);
      process.exit(1);
    }
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

async function start(): Promise<void> {
  const config = loadConfig(process.env);
  ensureDataDir(config.dataDir);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database);
    const logger = pino({ level: config.logLevel });
    const transport = createMailTransport({
      dataDir: config.dataDir,
      from: config.mailFrom,
      ...(config.smtpUrl === undefined ? {} : { smtpUrl: config.smtpUrl }),
    });
    // Checked against the stored data keys: a wrong or lost master key stops the start here.
    const masterKeys = await loadCheckedMasterKeyring({
      config,
      database,
      logger: { warn: (message) => logger.warn(message) },
    });
    const dataKeys = createDataKeys({ db: database.db, masterKeys });
    // One eraser for the app and its purge job: buildApp adds every module's part to it.
    const eraser = createAccountEraser();
    // One change bus for the app, its auth and its jobs: every write to an owner's file is published on it.
    const changes = openFileChanges(database);
    const jobs: JobRunner<AppJobs> = createJobRunner<AppJobs>({
      database,
      handlers: appJobHandlers({
        config,
        database,
        dataKeys,
        transport,
        eraser,
        changes,
        outbox: () => outbox,
        jobs: () => jobs,
        authSecret: () => auth.secret,
        logger,
        clock: Date.now,
      }),
      logger,
    });
    const outbox = createMailOutbox({ database, jobs });
    const auth = createAuth({ config, database, mail: outbox, logger, changes });
    const app = await buildApp({
      config,
      database,
      auth,
      masterKeys,
      reminderJobs: jobs,
      sharing: { mail: outbox, jobs },
      billing: { mail: outbox, jobs },
      eraser,
      clock: Date.now,
    });
    // Records saved before the reminders module existed get their reminder jobs (once per database).
    await scheduleReminderBackfill(jobs);
    // Documents saved before their text was encrypted (migration 0009) get it sealed (once per database).
    await scheduleDocumentMetadataEncryption(jobs);
    // The search index gets the rows saved before it existed (once per database and index version).
    await scheduleSearchIndexBuild(jobs);
    // Sign-ups never confirmed are erased daily (server/modules/account/unverified-purge.ts).
    await schedulePurgeOfUnverified(jobs, Date.now());
    // What a killed process left in the blob store is swept now and hourly (server/storage/leftovers.ts).
    await scheduleLeftoverSweep(jobs, Date.now());
    // Files uploaded in a record's form never saved (a closed tab) are swept hourly once a day old.
    await schedulePendingUploadSweep(jobs, Date.now());
    jobs.start({ intervalMs: JOB_POLL_MS });
    stopOnSignals(app, database, jobs, transport);
    // The event loop first: the threads that work for it yield their cores to it (thread-priority.ts).
    await lowerBackgroundThreads();
    await listen(app, config);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  process.stdout.write(`Kinfile listening on ${config.publicUrl}\n`);
}

start().catch((error: unknown) => {
  process.stderr.write(`kinfile: ${describeStartupError(error)}\n`);
  process.exit(1);
});
