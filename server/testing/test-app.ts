import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { Identity } from "../auth/access.ts";
import { type Config, loadConfig } from "../config.ts";
import type { Dialect } from "../db/database.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
};

/**
 * The real app on a fresh, migrated database of the given dialect, silent, ready for app.inject.
 * webDir points into the test's data folder, so no build is needed (pages answer the 503 page)
 * unless the test writes one there or passes its own.
 */
export async function buildTestApp(
  dialect: Dialect,
  options: { config?: Partial<Config>; identity?: Identity } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: database.dataDir }),
    webDir: `${database.dataDir}/web`,
    ...options.config,
  };
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.identity === undefined ? {} : { identity: options.identity }),
  });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
