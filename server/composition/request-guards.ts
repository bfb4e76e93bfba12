import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { type Identity, installAccessControl } from "../auth/access.ts";
import { sessionCookieName } from "../auth/session-cookie.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { installErrorHandling } from "../errors/error-handler.ts";
import { collectApiDescription } from "../http/api-docs.ts";
import { COMPRESS_PLUGIN_OPTIONS } from "../http/compression.ts";
import { refuseNulCharacters } from "../http/nul-characters.ts";
import { databaseRateLimitStore } from "../http/rate-limit-store.ts";
import { refuseCrossSiteWrites } from "../http/same-site.ts";
import { securityHeaders } from "../http/security-headers.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";

/** What every request meets before a route: headers, the access rules, errors, limits, compression. */
export async function installRequestGuards(
  app: FastifyInstance,
  options: { config: Config; database: Database; locales: LocaleStore; identity: Identity },
): Promise<void> {
  const { config, database, locales } = options;
  // Headers first, so that responses refused by the access rules carry them too.
  await securityHeaders(app, { publicUrl: config.publicUrl, billing: config.billing.mode });
  // Before the access rules, so that a forged write learns nothing about what exists.
  refuseCrossSiteWrites(app, { publicUrl: config.publicUrl });
  installAccessControl(app, options.identity);
  installErrorHandling(app, locales);
  // Before any route: the OpenAPI document is collected as routes are registered.
  await collectApiDescription(app, {
    sessionCookie: sessionCookieName(new URL(config.publicUrl).protocol === "https:"),
  });
  refuseNulCharacters(app);
  // Off by default; sign-in and other abuse-prone routes opt in with config.rateLimit. Counted in
  // the database, so that several app servers allow the same attempts as one.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  // Answers above 1 KB go compressed to browsers that accept it (the web app's files have
  // build-time copies instead: server/http/web.ts), as http/compression.ts says.
  await app.register(compress, COMPRESS_PLUGIN_OPTIONS);
}
