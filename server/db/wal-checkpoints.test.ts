import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { walCheckpoints } from "./wal-checkpoints.ts";

describe("the WAL's checkpoints, off the app's connection", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "kinfile-wal-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("never runs one in the app's commits; the worker copies the WAL once writes start it", async () => {
    const file = path.join(dir, "test.sqlite");
    const connection = new DatabaseSync(file);
    connection.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    const checkpoints = walCheckpoints(file, connection, { writesBeforeStart: 500 });
    try {
      connection.exec("create table row (id integer primary key, body blob)");
      const insert = connection.prepare("insert into row (body) values (?)");
      // Well past SQLite's own 1000 pages: it would have checkpointed in one of these commits.
      for (let index = 0; index < 499; index += 1) {
        insert.run(Buffer.alloc(12_000, index));
        checkpoints.wrote();
      }
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(1000 * 4096);
      expect(statSync(file).size).toBeLessThan(64 * 1024);

      checkpoints.wrote();
      const deadline = Date.now() + 10_000;
      while (statSync(file).size < 499 * 12_000 && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(statSync(file).size).toBeGreaterThan(499 * 12_000);
    } finally {
      await checkpoints.close();
      connection.close();
    }
  });

  it("is how the app opens SQLite", async () => {
    const database = await openDatabase({ dataDir: dir });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(
        database.db,
      );
      expect(rows).toEqual([{ wal_autocheckpoint: 0 }]);
    } finally {
      await database.close();
    }
  });
});
