import type { FastifyInstance } from "fastify";
import { NO_IDENTITY } from "./auth/access.ts";
import { subscribeToChanges } from "./composition/change-subscribers.ts";
import { buildDependencies } from "./composition/dependencies.ts";
import { createHttpServer } from "./composition/http-server.ts";
import { APP_MODULES } from "./composition/modules.ts";
import type { BuildAppOptions } from "./composition/options.ts";
import { installRequestGuards } from "./composition/request-guards.ts";
import { loadLocaleStore } from "./i18n/locale-store.ts";

/** Builds the whole HTTP app without listening: main.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const locales = await loadLocaleStore(config.localesDir);
  const app = createHttpServer({ config, locales, logger: options.logger });
  const identity = options.identity ?? options.auth?.sessions.identity ?? NO_IDENTITY;
  await installRequestGuards(app, { config, database, locales, identity });
  const deps = buildDependencies(app, options, locales);
  subscribeToChanges(deps);
  for (const mount of APP_MODULES) await mount(app, deps);
  return app;
}
