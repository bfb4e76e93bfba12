import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createDataKeys } from "./data-keys.ts";
import { loadMasterKeyring, MASTER_KEY_FILE, PREVIOUS_MASTER_KEY_FILE } from "./master-keys.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "kinfile-rotate-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function kinfile(env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [path.join(import.meta.dirname, "..", "cli.ts"), "rotate-keys"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", KINFILE_MASTER_KEY: "", ...env },
    encoding: "utf8",
  });
}

const quiet = { warn() {} };

describe("npm run kinfile -- rotate-keys", () => {
  it("moves every data key to a new master key in DATA_DIR and keeps the data readable", async () => {
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database);
    const before = loadMasterKeyring({ config: { dataDir }, logger: quiet });
    const keys = createDataKeys({ db: database.db, masterKeys: before });
    const sealed = [await keys.encryptFor("u1", "one", "f"), await keys.encryptFor("u2", "two", "f")];
    await database.close();
    const oldKey = readFileSync(path.join(dataDir, MASTER_KEY_FILE), "utf8");

    const run = kinfile();
    expect(run.status, run.stderr).toBe(0);
    const after = loadMasterKeyring({ config: { dataDir }, logger: quiet });
    expect(run.stdout).toContain(`Re-wrapped 2 data keys under master key ${after.current().id}.`);
    expect(run.stdout).toContain("now holds the new master key: back it up now");
    expect(run.stdout).not.toContain(readFileSync(path.join(dataDir, MASTER_KEY_FILE), "utf8").trim());
    expect(after.current().id).not.toBe(before.current().id);
    expect(readFileSync(path.join(dataDir, PREVIOUS_MASTER_KEY_FILE), "utf8")).toBe(oldKey);
    expect(statSync(path.join(dataDir, MASTER_KEY_FILE)).mode & 0o777).toBe(0o600);

    const reopened = await openDatabase({ dataDir });
    try {
      const rows = await reopened.db.selectFrom("account_key").select("key_version").execute();
      expect(rows.map((row) => row.key_version)).toEqual([after.current().id, after.current().id]);
      const readers = createDataKeys({ db: reopened.db, masterKeys: after });
      expect((await readers.decryptFor("u1", sealed[0] ?? Buffer.alloc(0), "f")).toString()).toBe("one");
      expect((await readers.decryptFor("u2", sealed[1] ?? Buffer.alloc(0), "f")).toString()).toBe("two");
    } finally {
      await reopened.close();
    }
  });

  it("stops in one line for a malformed key", () => {
    const run = kinfile({ NEW_KINFILE_MASTER_KEY: "too-short" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^kinfile: NEW_KINFILE_MASTER_KEY must be 32 random bytes in base64[^\n]*\n$/);
    expect(run.stderr).not.toContain("too-short");
  });
});
