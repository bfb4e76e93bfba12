/**
 * API load figures for the design's budget: an authenticated list of 100 records
 * (GET /api/records/passwordvault/password with a real session cookie) on Kinfile against a bare
 * Fastify route serving the same bytes from memory (bench/bare-server.ts), both at full
 * speed (throughput ratio) and Kinfile at a steady rate (p99 latency), plus the idle server's
 * resident memory (bench/idle-memory.ts, on the production bundle). SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names a server where the bench may create and drop a database of its own. Loopback only, bounded in time.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, type RunningServer, startServer } from "../e2e/support/server.ts";
import { generateMasterKeyText } from "../server/crypto/master-key-text.ts";
import { SQLITE_FILE } from "../server/db/database.ts";
import { BUDGETS } from "./budgets.ts";
import { idleResidentBytes } from "./idle-memory.ts";

export type LoadResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number };
export type ApiFigures = {
  database: "SQLite" | "PostgreSQL";
  route: string;
  kinfile: LoadResult;
  bare: LoadResult;
  ratio: number;
  steady: LoadResult & { rate: number };
  idleRssBytes: number;
};

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const RECORDS = 100;
const ROUTE = "/api/records/passwordvault/password";
const EMAIL = "bench@example.test";
const PASSWORD = `violet anchor meadow ${randomBytes(4).toString("hex")}`;
const repoRoot = resolve(import.meta.dirname, "..");

async function load(
  url: string,
  cookie: string,
  options: { overallRate?: number } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers: { cookie },
    connections: 10,
    duration: DURATION_S,
    ...options,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

async function startBare(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [resolve(import.meta.dirname, "bare-server.ts")], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((done, fail) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) done();
    });
    child.once("exit", (code) => fail(new Error(`the bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

export type BenchAccount = { email: string; password: string; name?: string };

/** A verified account made with the CLI (as an operator would). */
export async function createAccount(
  server: RunningServer,
  env: Record<string, string>,
  account: BenchAccount,
): Promise<void> {
  const named = account.name === undefined ? [] : ["--name", account.name];
  await promisify(execFile)(
    process.execPath,
    ["server/cli.ts", "user:create", "--email", account.email, "--password", account.password, ...named],
    { cwd: repoRoot, env: { ...process.env, ...env, DATA_DIR: server.dataDir } },
  );
}

/** Signs an account in through the API: its session cookie. */
export async function signIn(
  serverUrl: string,
  account: BenchAccount,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch(`${serverUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: serverUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
    ...(signal === undefined ? {} : { signal }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The bench's account, made with the CLI and signed in: its session cookie. */
export async function signedInAccount(server: RunningServer, env: Record<string, string>): Promise<string> {
  const account = { email: EMAIL, password: PASSWORD };
  await createAccount(server, env, account);
  return signIn(server.url, account);
}

async function seedRecords(server: RunningServer, cookie: string): Promise<void> {
  for (let index = 1; index <= RECORDS; index += 1) {
    const response = await fetch(`${server.url}${ROUTE}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: server.url },
      body: JSON.stringify({
        accountNickname: `Account ${index}`,
        username: `member${index}@example.test`,
        url: `https://service-${index}.example.test/sign-in`,
        email: `member${index}@example.test`,
        password: `correct horse ${index}`,
      }),
    });
    if (!response.ok) throw new Error(`creating record ${index} answered ${response.status}`);
  }
}

/** A database of the bench's own on the PostgreSQL server, dropped after. */
export async function scratchPostgres(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kinfile_bench_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * A measure on SQLite, then on a scratch database of the PostgreSQL server that BENCH_DATABASE_URL
 * or TEST_DATABASE_URL names, if any (`databaseUrl` empty: SQLite).
 */
export async function onEachDatabase<Figures>(
  measureOn: (database: "SQLite" | "PostgreSQL", databaseUrl: string) => Promise<Figures>,
): Promise<Figures[]> {
  const figures = [await measureOn("SQLite", "")];
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const scratch = await scratchPostgres(postgresUrl);
    try {
      figures.push(await measureOn("PostgreSQL", scratch.url));
    } finally {
      await scratch.drop();
    }
  }
  return figures;
}

async function measureOn(database: ApiFigures["database"], databaseUrl: string): Promise<ApiFigures> {
  const env = { NODE_ENV: "production", LOG_LEVEL: "warn", KINFILE_MASTER_KEY: generateMasterKeyText() };
  const serverEnv = { ...env, DATABASE_URL: databaseUrl };
  const idleRssBytes = await idleResidentBytes(serverEnv);
  const server = await startServer(serverEnv);
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    const cookie = await signedInAccount(server, serverEnv);
    await seedRecords(server, cookie);
    bare = await startBare({
      BENCH_MASTER_KEY: env.KINFILE_MASTER_KEY,
      BENCH_EMAIL: EMAIL,
      ...(databaseUrl === ""
        ? { BENCH_DB: join(server.dataDir, SQLITE_FILE), BENCH_DATABASE_URL: "" }
        : { BENCH_DATABASE_URL: databaseUrl }),
    });
    const kinfileUrl = `${server.url}${ROUTE}`;
    const bareUrl = `${bare.url}${ROUTE}`;
    // The yardstick must answer exactly what Kinfile answers, or the ratio means nothing.
    const [kinfileBody, bareBody] = await Promise.all([
      fetch(kinfileUrl, { headers: { cookie } }).then((response) => response.text()),
      fetch(bareUrl).then((response) => response.text()),
    ]);
    const listed = JSON.parse(kinfileBody) as unknown[];
    if (listed.length !== RECORDS || kinfileBody !== bareBody) {
      throw new Error(`the bare route does not answer Kinfile's JSON (${listed.length} records listed)`);
    }
    await load(kinfileUrl, cookie); // warm-up: JIT, statement cache, session and data-key caches
    const kinfile = await load(kinfileUrl, cookie);
    await load(bareUrl, "");
    const bareResult = await load(bareUrl, "");
    const steady = await load(kinfileUrl, cookie, { overallRate: BUDGETS.apiRate });
    return {
      database,
      route: `${ROUTE} (${RECORDS} records, signed in)`,
      kinfile,
      bare: bareResult,
      ratio: kinfile.requestsPerSecond / bareResult.requestsPerSecond,
      steady: { ...steady, rate: BUDGETS.apiRate },
      idleRssBytes,
    };
  } finally {
    await bare?.stop();
    await server.stop();
  }
}

/** SQLite, then PostgreSQL when a server is named. */
export function measureApi(): Promise<ApiFigures[]> {
  return onEachDatabase(measureOn);
}
