import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runModuleScript } from "../testing/module-script.ts";
import { until } from "../testing/until.ts";
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
      await until(() => statSync(file).size > 499 * 12_000, "the worker checkpoints the WAL", 10_000);
    } finally {
      await checkpoints.close();
      connection.close();
    }
  });

  it("holds the process while its close waits for the worker, which alone does not", async () => {
    // A process with nothing else to do, as a script or a CLI command ends: the test runner's
    // own handles would keep this one alive and hide a close that never settles.
    const script = `
      import { DatabaseSync } from "node:sqlite";
      import { walCheckpoints } from ${JSON.stringify(path.join(import.meta.dirname, "wal-checkpoints.ts"))};
      const connection = new DatabaseSync(${JSON.stringify(path.join(dir, "test.sqlite"))});
      connection.exec("PRAGMA journal_mode = WAL;");
      const checkpoints = walCheckpoints(connection.location(), connection, { writesBeforeStart: 1 });
      connection.exec("create table row (id integer primary key)");
      checkpoints.wrote();
      await checkpoints.close();
      connection.close();
      console.log("closed");
    `;
    expect((await runModuleScript(script)).trim()).toBe("closed");
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
