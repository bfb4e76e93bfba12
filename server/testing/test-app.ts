import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { type AppJobs, appJobHandlers } from "../app-jobs.ts";
import type { Identity } from "../auth/access.ts";
import { type AuthServices, createAuth } from "../auth/better-auth.ts";
import { type Config, loadConfig } from "../config.ts";
import { createDataKeys } from "../crypto/data-keys.ts";
import { generateMasterKeyText } from "../crypto/master-key-text.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import type { Dialect } from "../db/database.ts";
import { openFileChanges } from "../file/changes.ts";
import { createJobRunner, type JobRunner } from "../jobs/runner.ts";
import { createMailOutbox } from "../mail/outbox.ts";
import { type AccountEraser, createAccountEraser } from "../modules/account/account-deletion.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Identity: better-auth (auth.auth.api, auth.auth.$context), the session cache, the security log, the secret. */
  auth: AuthServices;
  /**
   * The app's job runner, with main.ts's jobs. Nothing runs it unless a test calls runDue (mail
   * stays in mail_outbox); every other job runs for real.
   */
  jobs: JobRunner<AppJobs>;
  /** How the app deletes an account (every module's part added by buildApp). */
  eraser: AccountEraser;
  close(): Promise<void>;
};

const QUIET = { info() {}, warn() {}, error() {} };

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
  // One clock for the app, its mail and its jobs, as main.ts has Date.now.
  const clock = options.clock ?? Date.now;
  const masterKeys = loadMasterKeyring({ config, logger: QUIET });
  const eraser = createAccountEraser();
  // One bus for the app, its auth and its jobs, as main.ts has it.
  const changes = openFileChanges(database);
  // main.ts's jobs, without a mail transport: mail stays in mail_outbox, where tests read it
  // (server/testing/identity.ts); nothing runs them unless a test calls runDue.
  const jobs: JobRunner<AppJobs> = createJobRunner<AppJobs>({
    database,
    clock,
    handlers: appJobHandlers({
      config,
      database,
      dataKeys: createDataKeys({ db: database.db, masterKeys }),
      eraser,
      changes,
      outbox: () => outbox,
      jobs: () => jobs,
      authSecret: () => auth.secret,
      logger: QUIET,
      clock,
    }),
  });
  // Mail stored in one millisecond still reads back in the order it was made (mailsTo sorts by time).
  let lastMail = 0;
  const mailClock = () => {
    lastMail = Math.max(clock(), lastMail + 1);
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
    masterKeys,
    clock,
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
