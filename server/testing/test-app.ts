import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { Identity } from "../auth/access.ts";
import { type AuthServices, createAuth } from "../auth/better-auth.ts";
import { type Config, loadConfig } from "../config.ts";
import { generateMasterKeyText } from "../crypto/master-key-text.ts";
import type { Dialect } from "../db/database.ts";
import { createJobRunner } from "../jobs/runner.ts";
import type { MailJobs } from "../mail/delivery.ts";
import { createMailOutbox } from "../mail/outbox.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Identity: better-auth (auth.auth.api, auth.auth.$context), the session cache, the security log, the secret. */
  auth: AuthServices;
  close(): Promise<void>;
};

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
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: database.dataDir }),
    webDir: `${database.dataDir}/web`,
    // Tests sign in far more often than people; a test of the limits sets its own.
    authRateLimit: { max: 10_000, windowMs: 60_000 },
    // Each test app has its own master key, as a deployment setting KINFILE_MASTER_KEY would.
    masterKey: generateMasterKeyText(),
    ...options.config,
  };
  // Mail is stored in mail_outbox and never delivered (nothing runs the jobs): tests read it there
  // (server/testing/identity.ts).
  const jobs = createJobRunner<MailJobs>({ database, handlers: { "mail.deliver": async () => {} } });
  const auth = createAuth({ config, database, mail: createMailOutbox({ database, jobs }), logger: QUIET });
  const app = await buildApp({
    config,
    database,
    logger: false,
    auth,
    ...(options.identity === undefined ? {} : { identity: options.identity }),
  });
  return {
    app,
    database,
    config,
    auth,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
