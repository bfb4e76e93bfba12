import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { type Database, type Dialect, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at one. */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export type TestDatabase = Database & {
  /** A temporary folder for files the test's app writes (it holds the SQLite file too). */
  dataDir: string;
};

function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set; use testDialects() to pick dialects.");
  return url;
}

/**
 * A fresh, migrated database for one test file: a new SQLite file in a temporary folder, or a new
 * PostgreSQL schema (the server may hold earlier runs' data). close() removes it.
 */
export async function createTestDatabase(
  dialect: Dialect,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kinfile-test-"));
  let database: Database;
  let dropSchema = async () => {};
  if (dialect === "sqlite") {
    database = await openDatabase({ dataDir });
  } else {
    const databaseUrl = testDatabaseUrl();
    const schema = `kf_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = await openDatabase({ databaseUrl, dataDir, searchPath: schema });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    };
  }
  if (options.migrate !== false) await migrateToLatest(database);
  let closed = false;
  return {
    ...database,
    dataDir,
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
      await dropSchema();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second connection pool on a test database, as a second app server would open: the same SQLite
 * file, or the same PostgreSQL schema. The caller closes it (before the test database).
 */
export async function openSecondPool(database: TestDatabase, dialect: Dialect): Promise<Database> {
  if (dialect === "sqlite") return openDatabase({ dataDir: database.dataDir });
  const found = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return openDatabase({
    databaseUrl: testDatabaseUrl(),
    dataDir: database.dataDir,
    searchPath: found.rows[0]?.schema,
  });
}
