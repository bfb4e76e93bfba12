import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { openDatabase, SQLITE_FILE } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { migrations } from "./migrations/index.ts";

describe.each(testDialects())("database on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrate: false });
  });
  afterAll(() => database.close());

  it("applies every migration once, then nothing on a second run", async () => {
    expect(await migrateToLatest(database)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it("records when the schema was created", async () => {
    const { rows } = await sql<{
      value: string;
    }>`select value from app_meta where key = 'schema_created_at'`.execute(database.db);
    const createdAt = Number(rows[0]?.value);
    expect(createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
  });

  it("binds parameters and returns rows and counts as numbers", async () => {
    await sql`insert into app_meta (key, value) values (${"probe"}, ${"1"})`.execute(database.db);
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from app_meta where key = ${"probe"}`.execute(database.db);
    expect(rows).toEqual([{ n: 1 }]);
    const result = await sql`update app_meta set value = ${"2"} where key = ${"probe"}`.execute(database.db);
    expect(result.numAffectedRows).toBe(1n);
  });

  it("refuses duplicate keys", async () => {
    await expect(
      sql`insert into app_meta (key, value) values (${"probe"}, ${"3"})`.execute(database.db),
    ).rejects.toThrow();
  });
});

describe("embedded SQLite", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(() => database.close());

  it("keeps its file in the data folder with WAL, foreign keys on and a page cache of 64 MiB", async () => {
    expect(existsSync(path.join(database.dataDir, SQLITE_FILE))).toBe(true);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
    const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
    const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(database.db);
    expect(journal.rows[0]?.journal_mode).toBe("wal");
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
    expect(busy.rows[0]?.timeout).toBe(5000);
    const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db);
    // Negative: a size in KiB rather than in pages.
    expect(cache.rows[0]?.cache_size).toBe(-64 * 1024);
  });

  it("reuses prepared statements without mixing their parameters", async () => {
    const values = await Promise.all(
      ["a", "b", "c"].map(async (key) => {
        const { rows } = await sql<{ key: string }>`select ${key} as key`.execute(database.db);
        return rows[0]?.key;
      }),
    );
    expect(values).toEqual(["a", "b", "c"]);
  });

  it("stores booleans as 0 and 1", async () => {
    const { rows } = await sql<{ yes: number; no: number }>`select ${true} as yes, ${false} as no`.execute(
      database.db,
    );
    expect(rows).toEqual([{ yes: 1, no: 0 }]);
  });
});

describe("PostgreSQL address", () => {
  it("that nothing answers at fails with one clear line", async () => {
    const error = await openDatabase({
      databaseUrl: "postgres://kin:secret@127.0.0.1:1/x",
      dataDir: "/tmp",
    }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^cannot connect to the PostgreSQL database at 127\.0\.0\.1:1 \(.+\); check DATABASE_URL/,
    );
    expect(message).not.toContain("secret");
    expect(message).not.toContain("\n");
  });
});
