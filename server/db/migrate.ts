import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { migrateAuthTables } from "../auth/auth-schema.ts";
import type { Database } from "./database.ts";
import { migrations } from "./migrations/index.ts";

export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * Brings better-auth's tables up to date, then applies every migration not yet applied and returns
 * their names. On PostgreSQL the bookkeeping
 * tables live in the connection's current schema: Kysely would otherwise find another schema's
 * copy through introspection (tests run side by side, each in its own schema).
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const { db } = database;
  // better-auth's own tables first (its migrations are idempotent and keep no bookkeeping).
  try {
    await migrateAuthTables(database);
  } catch (error) {
    throw new MigrationError(
      `identity tables migration failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const schema =
    database.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === "Error")?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed === undefined
        ? `database migration failed: ${reason}`
        : `database migration ${failed} failed: ${reason}`,
    );
  }
  return results.map((result) => result.migrationName);
}
