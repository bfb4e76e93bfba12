import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDataKeys } from "./crypto/data-keys.ts";
import { generateMasterKeyText } from "./crypto/master-key-text.ts";
import { loadMasterKeyring } from "./crypto/master-keys.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { buildTestApp } from "./testing/test-app.ts";
import { ANY_ANSWER } from "./testing/test-routes.ts";
import { threadsOf } from "./testing/thread-nice.ts";
import { until } from "./testing/until.ts";
import { backgroundNice } from "./thread-priority.ts";

const SERVER_DIR = import.meta.dirname;
const scratch = mkdtempSync(path.join(tmpdir(), "kinfile-main-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Run = { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> };

function runServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [path.join(SERVER_DIR, "main.ts")], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", HOST: "127.0.0.1", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // "close", not "exit": the process may have exited before its stdout and stderr are all read.
  const exit = new Promise<number | null>((done) => child.once("close", (code) => done(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(url: string, run: Run): Promise<void> {
  // Generous: starting Node and loading the whole server takes seconds on a busy two-core machine.
  await until(
    async () => {
      if (run.child.exitCode !== null) throw new Error(`server exited: ${run.stderr()}`);
      return fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    "the server is ready",
    60_000,
  );
}

describe.concurrent("node server/main.ts", { timeout: 90_000 }, () => {
  it.each([
    [
      "an unreachable DATABASE_URL",
      { DATABASE_URL: "postgres://nope:1/x" },
      /^kinfile: cannot connect to the PostgreSQL database at nope:1 \(.+\); check DATABASE_URL/,
    ],
    [
      "a malformed DATABASE_URL",
      { DATABASE_URL: "mysql://db/kinfile" },
      /^kinfile: DATABASE_URL must be a PostgreSQL address/,
    ],
    [
      "a malformed PORT",
      { PORT: "http" },
      /^kinfile: PORT must be a whole number from 1 to 65535, got "http"/,
    ],
  ])("stops with one clear line and exit code 1 for %s", async (_case, env, message) => {
    const run = runServer({ DATA_DIR: path.join(scratch, "data"), ...env });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toMatch(message);
    expect(run.stderr().trimEnd().split("\n")).toHaveLength(1);
    expect(run.stdout()).toBe("");
  });

  it("stops with one clear line and exit code 1 when DATA_DIR cannot be written", async () => {
    const file = path.join(scratch, "a-file");
    writeFileSync(file, "");
    const run = runServer({ DATA_DIR: path.join(file, "data") });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe(
      `kinfile: DATA_DIR ${path.join(file, "data")} is not a writable folder (ENOTDIR); set DATA_DIR to a folder Kinfile may create and write to.\n`,
    );
  });

  it("stops with one clear line and exit code 1 when the master key is not the data's", async () => {
    const dataDir = path.join(scratch, "keyed", "data");
    const database = await openDatabase({ dataDir });
    try {
      await migrateToLatest(database);
      const masterKeys = loadMasterKeyring({
        config: { dataDir, masterKey: generateMasterKeyText(), newMasterKey: undefined },
        logger: { warn() {} },
      });
      await createDataKeys({ db: database.db, masterKeys }).encryptFor("account-1", "secret", "test");
    } finally {
      await database.close();
    }
    const run = runServer({ DATA_DIR: dataDir, KINFILE_MASTER_KEY: generateMasterKeyText() });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toMatch(
      /^kinfile: the master key in KINFILE_MASTER_KEY is not the one this database's data was encrypted with \(it needs master key \S+\); set the right key or restore it from your backup\. Nothing was changed\.\n$/,
    );
  });

  it("creates DATA_DIR, serves, and exits 0 on SIGTERM", async () => {
    await serveThenStop({ DATA_DIR: path.join(scratch, "fresh", "data") });
  });

  it.skipIf(process.platform !== "linux")(
    "serves with every thread but the event loop's below it (thread-priority.ts)",
    async () => {
      await serveThenStop({ DATA_DIR: path.join(scratch, "niced", "data") }, (pid) => {
        const threads = threadsOf(pid);
        const loop = threads.find(({ tid }) => tid === pid)?.nice ?? Number.NaN;
        const others = threads.filter(({ tid }) => tid !== pid);
        expect(others.map(({ name }) => name)).toContain("libuv-worker");
        expect(others.filter(({ nice }) => nice !== backgroundNice(loop))).toEqual([]);
      });
    },
  );

  it("keeps DATA_DIR and everything in it readable by its owner only, an older install's files included", async () => {
    const dataDir = path.join(scratch, "private", "data");
    mkdirSync(path.join(dataDir, "mail"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, "mail", "old.eml"), "From: x", { mode: 0o644 });
    await serveThenStop({ DATA_DIR: dataDir });
    const loose: string[] = [];
    const walk = (dir: string) => {
      if ((statSync(dir).mode & 0o077) !== 0) loose.push(dir);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if ((statSync(full).mode & 0o077) !== 0) loose.push(full);
      }
    };
    walk(dataDir);
    expect(readdirSync(dataDir).length).toBeGreaterThan(1);
    expect(loose).toEqual([]);
  });
});

async function serveThenStop(
  env: Record<string, string>,
  whileServing?: (pid: number) => void,
): Promise<void> {
  const port = await freePort();
  const run = runServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
  await waitUntilReady(`http://127.0.0.1:${port}`, run);
  expect(run.stdout()).toContain(`Kinfile listening on http://127.0.0.1:${port}`);
  whileServing?.(run.child.pid ?? 0);
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(await health.json()).toEqual({ status: "ok" });
  run.child.kill("SIGTERM");
  expect(await run.exit).toBe(0);
  expect(run.stderr()).toBe("");
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "node server/main.ts on PostgreSQL",
  { timeout: 90_000 },
  () => {
    it("migrates a fresh schema, serves, and exits 0 on SIGTERM", async () => {
      const databaseUrl = String(process.env.TEST_DATABASE_URL);
      const schema = `kf_test_main_${process.pid}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`create schema ${schema}`);
        const url = new URL(databaseUrl);
        url.searchParams.set("options", `-c search_path=${schema}`);
        await serveThenStop({ DATA_DIR: path.join(scratch, "pg-data"), DATABASE_URL: url.toString() });
        const tables = await admin.query(
          "select table_name from information_schema.tables where table_schema = $1",
          [schema],
        );
        expect(tables.rows.map((row: { table_name: string }) => row.table_name)).toContain("app_meta");
      } finally {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
    });
  },
);

describe("closing the app", () => {
  it("lets a request already running finish", async () => {
    const test = await buildTestApp("sqlite");
    let release = () => {};
    const started = new Promise<void>((done) => {
      test.app.get("/api/test/slow", { config: { access: "anonymous" }, schema: ANY_ANSWER }, async () => {
        done();
        await new Promise<void>((finish) => {
          release = finish;
        });
        return { finished: true };
      });
    });
    await test.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = test.app.server.address() as AddressInfo;
    const response = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await started;
    let closed = false;
    const closing = test.close().then(() => {
      closed = true;
    });
    await new Promise((done) => setTimeout(done, 100));
    expect(closed).toBe(false);
    release();
    expect(await (await response).json()).toEqual({ finished: true });
    await closing;
  });
});
