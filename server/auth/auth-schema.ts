import { passkey } from "@better-auth/passkey";
import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { admin, twoFactor } from "better-auth/plugins";
import { z } from "zod";
import { LANGUAGES } from "../../domain/catalog/languages.ts";
import type { Database } from "../db/database.ts";

/**
 * Kinfile's own fields on better-auth's user. Only lang may be given at sign-up (the language the
 * visitor used); the others change through /api/account routes, never through better-auth's
 * update-user endpoint.
 */
export const USER_FIELDS = {
  lang: {
    type: "string",
    required: false,
    defaultValue: "en",
    input: true,
    validator: { input: z.enum(LANGUAGES) },
  },
  themeColor: { type: "string", required: false, defaultValue: "blue", input: false },
  themeMode: { type: "string", required: false, defaultValue: "system", input: false },
  showSplashScreen: { type: "boolean", required: false, defaultValue: true, input: false },
  showMobileSplashScreen: { type: "boolean", required: false, defaultValue: true, input: false },
  emailNotifications: { type: "boolean", required: false, defaultValue: true, input: false },
} as const;

/** better-auth's database options on our Kysely instance. */
export function authDatabase(database: Database) {
  return { db: database.db, type: database.dialect, transaction: true } as const;
}

/**
 * What decides better-auth's tables: the user fields and the plugins that add tables or columns.
 * The running server adds its full plugin options on top (server/auth/better-auth.ts); the schema
 * does not depend on them (the generic OAuth plugin adds none).
 */
function schemaOptions(database: Database): BetterAuthOptions {
  return {
    database: authDatabase(database),
    user: { additionalFields: USER_FIELDS },
    plugins: [twoFactor(), passkey(), admin()],
  };
}

/**
 * Creates or completes better-auth's tables (user, session, account, verification, twoFactor,
 * passkey). Idempotent, on SQLite and PostgreSQL (in the connection's current schema, so tests'
 * per-run schemas work). Runs before Kysely's migrations, which may refer to these tables.
 */
export async function migrateAuthTables(database: Database): Promise<void> {
  const { runMigrations } = await getMigrations(schemaOptions(database));
  await runMigrations();
}
