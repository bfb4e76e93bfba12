/**
 * The mixed load of issue 16: 200 simulated users (ten sessions on each of 20 accounts) for 60 s
 * against the real server, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * PostgreSQL server, on a scratch database there. Each user waits an exponential think time, drawn
 * from a clock of its own rather than from its last answer, so that together they send about the
 * design's steady 500 requests/s whatever the server's speed (open loop, one request in flight per
 * user), each request picked by weight: record lists most, record and person views, saves, small
 * PDF uploads, a released nominee's reads of what another account shared, and now and then a
 * sign-in. Every request is timed end to end (fetch, keep-alive, body read) and counted by kind;
 * a non-2xx answer, a network error or a 10 s timeout is an error.
 *
 * Budgets (DESIGN.md): no error; record lists' p99 under the API budget; uploads' p95 under the
 * upload budget. The upload budget is the server time of a large file; here a small scan is timed
 * end to end under the whole load, queueing included, so it is a stricter test of the latency and a
 * lighter one of the size (the large file's server time is bench/upload.ts's).
 *
 * Setup is not measured: accounts made with the CLI as an operator would, then everything else
 * through the real API (records, persons, a document, each account a released nominee of the
 * previous one with the release rule "now"), then one sign-in per user. The first seconds of load
 * warm the server (JIT, caches) and are left out of the latencies but not out of the errors.
 * After that mixed phase, on the same warm server: the idle server, then each kind alone at its
 * share of the rate (its CPU per request), then the same mix at rates stepped from the design's
 * rate to find the highest that keeps the budgets. The server runs with a probe (server-probe.ts)
 * that reports its CPU and event-loop delay for each phase and profiles the mixed one.
 * Run alone: `node bench/mixed.ts` (BENCH_MIXED_SECONDS shortens every phase).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { relative, resolve } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { type Dispatcher, Pool } from "undici";
import { type RunningServer, startServer } from "../e2e/support/server.ts";
import { generateMasterKeyText } from "../server/crypto/master-key-text.ts";
import { multipart } from "../server/testing/document-files.ts";
import { type BenchAccount, createAccount, onEachDatabase, signIn } from "./api.ts";
import { BUDGETS } from "./budgets.ts";
import { type CapacityStep, findCapacity } from "./capacity.ts";
import { type CpuProfile, type SelfTime, selfTimes } from "./cpu-profile.ts";
import { cpuTicks, machine, machineShare } from "./machine.ts";
import { createProbe, type Probe } from "./probe.ts";
import {
  cpuPerRequestMs,
  LOOP_RESOLUTION_MS,
  type LoopDelay,
  loopFigures,
  type ProbeMark,
  phaseCpuMs,
} from "./probe-marks.ts";
import { pdfOf, percentile } from "./upload.ts";

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? BUDGETS.loadSeconds);
const WARM_UP_SECONDS = Math.min(10, Math.ceil(SECONDS / 6));
/** Each kind alone, and the idle server, for this long. */
const PHASE_SECONDS = Math.min(10, Math.max(2, Math.ceil(SECONDS / 6)));
/** Each rate of the capacity search for this long, rates this far apart. */
const CAPACITY_SECONDS = Math.min(15, Math.max(3, Math.ceil(SECONDS / 4)));
const CAPACITY_STEP = 100;
const USERS = BUDGETS.loadUsers;
const ACCOUNTS = 20;
const SESSIONS_PER_ACCOUNT = USERS / ACCOUNTS;
const TIMEOUT_MS = 10_000;
const SETUP_CONCURRENCY = 4;

/** What each account holds, so that its password list is the API budget's 100-record list. */
const PASSWORDS = 100;
const SOCIAL = 20;
const KEYS = 10;
const CHILDREN = 3;
/** The upload's whole multipart body, made once and sent in one piece as a browser's native upload is. */
const UPLOAD = multipart({
  filename: "scan.pdf",
  contentType: "application/pdf",
  content: pdfOf(256 * 1024),
});
const UPLOAD_BODY = { bytes: new Uint8Array(UPLOAD.payload), headers: UPLOAD.headers };
const LISTS = [
  "passwordvault/password",
  "passwordvault/password",
  "passwordvault/socialmedia",
  "passwordvault/keylock",
  "personaldata/passport",
] as const;

type Account = BenchAccount & {
  /** A session kept for the setup's calls. */
  cookie: string;
  passwordIds: string[];
  /** Every record, as `module/category/id` paths under /api/records/. */
  records: string[];
  childIds: string[];
  documentId: string;
  /** The grant this account holds as the previous account's released nominee, and that owner's records. */
  grant: { nomineeId: string; ownerRecords: string[] };
};
export type User = { account: Account; cookie: string };

export const KINDS = [
  { kind: "list", label: "record list", weight: 0.44 },
  { kind: "recordView", label: "record view", weight: 0.15 },
  { kind: "personView", label: "person view", weight: 0.08 },
  { kind: "save", label: "record save (PUT)", weight: 0.1 },
  { kind: "upload", label: "upload (256 KB PDF)", weight: 0.02 },
  { kind: "nomineeList", label: "nominee list", weight: 0.12 },
  { kind: "nomineeView", label: "nominee record view", weight: 0.088 },
  // Rare: a password is hashed on purpose slowly (scrypt), about one a second in all.
  { kind: "signIn", label: "sign-in", weight: 0.002 },
] as const;
export type Kind = (typeof KINDS)[number]["kind"];

export type KindFigures = {
  kind: Kind;
  label: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
};
type Capacity = {
  rate: number | undefined;
  tried: CapacityStep<{ listP99Ms: number; uploadP95Ms: number; load: number }>[];
};
export type MixedFigures = {
  database: "SQLite" | "PostgreSQL";
  users: number;
  accounts: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  kinds: KindFigures[];
  /** Errors over the whole run, warm-up included, and the first of each kind of error. */
  errors: number;
  errorSamples: string[];
  /** The 1-minute load average when the measured part started and ended. */
  load: [number, number];
  /** The whole machine during the measured part: its busy cores, disk wait and stolen time. */
  machine: string;
  /** The server process's CPU during the measured part, in ms and in cores (2 is all of this machine). */
  serverCpuMs: number;
  serverCores: number;
  /** How late the server's own event loop ran: what every request waited before its turn. */
  serverLoop: LoopDelay;
  /** The load generator's CPU, in cores, and its event loop's lateness: how much of the latency is the client's. */
  clientCores: number;
  client: LoopDelay;
  /** The mixed phase's profile, summed by self time. */
  profile: { file: string; totalMs: number; functions: SelfTime[]; files: SelfTime[] } | undefined;
  /** Each kind alone: the server's CPU per request. */
  alone: {
    idleCpuMsPerSecond: number;
    kinds: {
      kind: Kind;
      label: string;
      rate: number;
      p99Ms: number;
      errors: number;
      cpuMsPerRequest: number;
      loop: LoopDelay;
      load: [number, number];
    }[];
  };
  capacity: Capacity;
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A kind drawn by weight among some of the mix's kinds. */
function pickerOf(kinds: readonly { kind: Kind; weight: number }[]): () => Kind {
  const total = kinds.reduce((sum, { weight }) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const { kind, weight } of kinds) {
      roll -= weight;
      if (roll < 0) return kind;
    }
    return kinds[0]?.kind ?? "list";
  };
}

const passwordBody = (index: number, version = 0) => ({
  accountNickname: `Account ${index}`,
  username: `member${index}.${version}@example.test`,
  url: `https://service-${index}.example.test/sign-in`,
  email: `member${index}@example.test`,
  password: `correct horse ${index}`,
});

/** Runs work on each item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/**
 * Each server's connections, kept alive: undici's own request API rather than fetch, whose
 * WHATWG streams cost the load generator several times the CPU per request on the cores it shares
 * with the server and PostgreSQL (the generator's lateness would show as the server's latency).
 */
const pools = new WeakMap<RunningServer, Pool>();
function poolOf(server: RunningServer): Pool {
  const pool = pools.get(server) ?? new Pool(server.url);
  pools.set(server, pool);
  return pool;
}

/**
 * One API call with a session (a JSON body, or the upload's multipart body): the answer's body, or
 * an error naming the status and message.
 */
async function call(
  server: RunningServer,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const sent =
    body === undefined
      ? {}
      : body === UPLOAD_BODY
        ? { headers: UPLOAD_BODY.headers, body: UPLOAD_BODY.bytes }
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await poolOf(server).request({
    method: method as Dispatcher.HttpMethod,
    path,
    headers: { cookie, origin: server.url, ...sent.headers },
    ...(sent.body === undefined ? {} : { body: sent.body }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.body.text();
  if (response.statusCode < 200 || response.statusCode > 299) {
    const message = text.match(/"message":"([^"]*)"/)?.[1] ?? text.slice(0, 120);
    throw new Error(`${response.statusCode} ${message}`);
  }
  return text === "" ? undefined : JSON.parse(text);
}

/** An account's file through the API: children, records of four categories, a library document with its file. */
async function seed(server: RunningServer, account: Account): Promise<void> {
  const post = (path: string, body: unknown) =>
    call(server, account.cookie, "POST", path, body) as Promise<string>;
  for (let index = 1; index <= CHILDREN; index += 1) {
    account.childIds.push(
      await post("/api/pn/person", {
        group: "child",
        type: "son",
        mainDetails: { firstName: `Child ${index}` },
      }),
    );
  }
  for (let index = 1; index <= PASSWORDS; index += 1) {
    const id = await post("/api/records/passwordvault/password", passwordBody(index));
    account.passwordIds.push(id);
    account.records.push(`passwordvault/password/${id}`);
  }
  for (let index = 1; index <= SOCIAL; index += 1) {
    const body = { platform: "facebook", username: `member${index}` };
    account.records.push(
      `passwordvault/socialmedia/${await post("/api/records/passwordvault/socialmedia", body)}`,
    );
  }
  for (let index = 1; index <= KEYS; index += 1) {
    const body = { use: `Door ${index}`, lockType: "houseKey" };
    account.records.push(`passwordvault/keylock/${await post("/api/records/passwordvault/keylock", body)}`);
  }
  for (const holder of account.childIds) {
    const body = {
      holder,
      travelDocumentType: "passport",
      country: "CA",
      documentNumber: `P${randomBytes(4).toString("hex")}`,
      expiryDate: Date.UTC(2031, 4, 17),
    };
    account.records.push(`personaldata/passport/${await post("/api/records/personaldata/passport", body)}`);
  }
  account.documentId = await post("/api/documents", { module: "inventory", type: "documentlibrary" });
  await post(`/api/documents/inventory/documentlibrary/${account.documentId}/upload`, UPLOAD_BODY);
}

/** The owner names the nominee's account with the release rule "now"; the nominee accepts, which releases. */
async function releaseTo(server: RunningServer, owner: Account, nominee: Account): Promise<void> {
  const nomineeId = (await call(server, owner.cookie, "POST", "/api/shared/nominees", {
    firstName: "Bench",
    lastName: "Nominee",
    email: nominee.email,
    scope: { modules: ["passwordvault"], categories: ["passport"] },
    release: "now",
  })) as string;
  const accepted = (await call(
    server,
    nominee.cookie,
    "POST",
    `/api/shared/nominee/${nomineeId}/accept`,
  )) as {
    status: string;
  };
  if (accepted.status !== "released") throw new Error(`the grant is ${accepted.status}, not released`);
  nominee.grant = { nomineeId, ownerRecords: owner.records };
}

/** One request of a kind, as the user's session: resolves when its whole answer is read. */
async function send(server: RunningServer, user: User, kind: Kind): Promise<void> {
  const { account } = user;
  const as = (method: string, path: string, body?: unknown) => call(server, user.cookie, method, path, body);
  switch (kind) {
    case "list":
      await as("GET", `/api/records/${pick(LISTS)}`);
      return;
    case "recordView":
      await as("GET", `/api/records/${pick(account.records)}`);
      return;
    case "personView":
      await as("GET", `/api/pn/person/child/${pick(account.childIds)}`);
      return;
    case "save": {
      const index = Math.floor(Math.random() * PASSWORDS);
      const path = `/api/records/passwordvault/password/${account.passwordIds[index]}`;
      await as("PUT", path, passwordBody(index + 1, Date.now()));
      return;
    }
    case "upload":
      await as("POST", `/api/documents/inventory/documentlibrary/${account.documentId}/upload`, UPLOAD_BODY);
      return;
    case "nomineeList":
      await as("GET", `/api/shared/nominee/${account.grant.nomineeId}/records/${pick(LISTS)}`);
      return;
    case "nomineeView":
      await as(
        "GET",
        `/api/shared/nominee/${account.grant.nomineeId}/records/${pick(account.grant.ownerRecords)}`,
      );
      return;
    case "signIn":
      user.cookie = await signIn(server.url, account, AbortSignal.timeout(TIMEOUT_MS));
      return;
  }
}

/** A stretch of load: the rate aimed at, the kinds sent (by their weights in the mix), how long. */
export type Phase = {
  rate: number;
  kinds: readonly Kind[];
  seconds: number;
  warmUpSeconds: number;
  profile: boolean;
};

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Sends a phase's load and times it; the server's probe marks where its measured part starts
 * (after the warm-up) and ends, so the server's CPU, event-loop delay and profile cover the same.
 */
export async function load(server: RunningServer, users: User[], probe: Probe, phase: Phase) {
  // Starting the profiler holds the server's event loop, so it starts before the load, not in it.
  if (phase.profile) await probe.mark(server.pid, { profile: false, startProfiler: true });
  const weighted = KINDS.filter(({ kind }) => phase.kinds.includes(kind));
  const pickKind = pickerOf(weighted);
  const meanGapMs = (users.length / phase.rate) * 1000;
  const samples = new Map<Kind, number[]>(weighted.map(({ kind }) => [kind, []]));
  const errorsByKind = new Map<Kind, number>();
  const errorSamples = new Map<string, number>();
  const startedAt = performance.now();
  const measureFrom = startedAt + phase.warmUpSeconds * 1000;
  const endAt = measureFrom + phase.seconds * 1000;
  let measuredRequests = 0;
  const mark = () => ({ load: loadavg()[0] ?? 0, clientCpu: process.cpuUsage(), ticks: cpuTicks() });
  let first = mark();
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  let started: Promise<ProbeMark> | undefined;
  const warmedUp = setTimeout(() => {
    first = mark();
    started = probe.mark(server.pid, { profile: phase.profile });
    loopDelay.enable();
  }, phase.warmUpSeconds * 1000);

  async function run(user: User) {
    let next = startedAt + Math.random() * meanGapMs;
    while (next < endAt) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      const kind = pickKind();
      const sentAt = performance.now();
      try {
        await send(server, user, kind);
        if (sentAt >= measureFrom) {
          samples.get(kind)?.push(performance.now() - sentAt);
          measuredRequests += 1;
        }
      } catch (error) {
        errorsByKind.set(kind, (errorsByKind.get(kind) ?? 0) + 1);
        const key = `${kind}: ${error instanceof Error ? `${error.name === "Error" ? "" : `${error.name} `}${error.message}` : String(error)}`;
        errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
      }
      next += -Math.log(1 - Math.random()) * meanGapMs;
    }
  }

  await Promise.all(users.map(run));
  clearTimeout(warmedUp);
  loopDelay.disable();
  const measuredSeconds = (performance.now() - measureFrom) / 1000;
  const last = mark();
  const from = await (started ?? probe.mark(server.pid));
  const to = await probe.mark(server.pid);
  const serverCpuMs = phaseCpuMs(from, to);
  return {
    rate: phase.rate,
    seconds: phase.seconds,
    requests: measuredRequests,
    requestsPerSecond: measuredRequests / measuredSeconds,
    kinds: weighted.map(({ kind, label }) => {
      const sorted = (samples.get(kind) ?? []).sort((a, b) => a - b);
      return {
        kind,
        label,
        count: sorted.length,
        p50Ms: round(percentile(sorted, 0.5)),
        p95Ms: round(percentile(sorted, 0.95)),
        p99Ms: round(percentile(sorted, 0.99)),
        errors: errorsByKind.get(kind) ?? 0,
      };
    }),
    errors: [...errorsByKind.values()].reduce((sum, count) => sum + count, 0),
    errorSamples: [...errorSamples].map(([message, count]) => `${message} (x${count})`),
    load: [first.load, last.load] as [number, number],
    machine: machineShare(first.ticks, last.ticks),
    serverCpuMs,
    serverCores: serverCpuMs / 1000 / measuredSeconds,
    serverLoop: to.loop,
    profile: to.profile,
    clientCores:
      (last.clientCpu.user + last.clientCpu.system - first.clientCpu.user - first.clientCpu.system) /
      1e6 /
      measuredSeconds,
    client: loopFigures(loopDelay),
  };
}

/** The mix's record lists and uploads against their budgets. */
function withinBudgets(figures: { kinds: readonly KindFigures[] }) {
  const list = figures.kinds.find(({ kind }) => kind === "list");
  const upload = figures.kinds.find(({ kind }) => kind === "upload");
  return {
    listP99Ms: list?.p99Ms ?? Number.POSITIVE_INFINITY,
    uploadP95Ms: upload?.p95Ms ?? Number.POSITIVE_INFINITY,
    ok:
      (list?.p99Ms ?? Number.POSITIVE_INFINITY) < BUDGETS.apiP99Ms &&
      (upload?.p95Ms ?? Number.POSITIVE_INFINITY) < BUDGETS.uploadMs,
  };
}

/**
 * After the mixed phase, on the warm server: the idle server's CPU, then each kind alone at its
 * share of the mix's rate, so that its phase's CPU, less the idle server's, is that kind's.
 */
async function attribute(server: RunningServer, users: User[], probe: Probe) {
  const from = await probe.mark(server.pid);
  await new Promise((done) => setTimeout(done, PHASE_SECONDS * 1000));
  const to = await probe.mark(server.pid);
  const idleCpuMsPerSecond = phaseCpuMs(from, to) / PHASE_SECONDS;
  const kinds = [];
  for (const { kind, weight } of KINDS) {
    const phase = await load(server, users, probe, {
      rate: BUDGETS.apiRate * weight,
      kinds: [kind],
      seconds: PHASE_SECONDS,
      warmUpSeconds: 0,
      profile: false,
    });
    const [figures] = phase.kinds;
    kinds.push({
      kind,
      label: figures?.label ?? kind,
      rate: phase.requestsPerSecond,
      p99Ms: figures?.p99Ms ?? 0,
      errors: phase.errors,
      cpuMsPerRequest: cpuPerRequestMs(
        { cpuMs: phase.serverCpuMs, seconds: phase.seconds, requests: phase.requests },
        idleCpuMsPerSecond,
      ),
      loop: phase.serverLoop,
      load: phase.load,
    });
  }
  return { idleCpuMsPerSecond, kinds };
}

/**
 * The load's users on a fresh server: `accountCount` accounts made with the CLI and seeded through
 * the API, each the previous one's released nominee, and ten sessions of each signed in.
 */
export async function preparedUsers(
  server: RunningServer,
  env: Record<string, string>,
  accountCount = ACCOUNTS,
): Promise<User[]> {
  const suffix = randomBytes(3).toString("hex");
  const accounts: Account[] = Array.from({ length: accountCount }, (_, index) => ({
    email: `mixed-${index + 1}-${suffix}@example.test`,
    password: `amber willow ${index + 1} ${suffix}`,
    name: `Member ${index + 1}`,
    cookie: "",
    passwordIds: [],
    records: [],
    childIds: [],
    documentId: "",
    grant: { nomineeId: "", ownerRecords: [] },
  }));
  await eachLimited(accounts, 2, (account) => createAccount(server, env, account));
  await eachLimited(accounts, SETUP_CONCURRENCY, async (account) => {
    account.cookie = await signIn(server.url, account);
    await seed(server, account);
  });
  for (const [index, owner] of accounts.entries()) {
    await releaseTo(server, owner, accounts[(index + 1) % accountCount] as Account);
  }
  const users: User[] = Array.from({ length: accountCount * SESSIONS_PER_ACCOUNT }, (_, index) => ({
    account: accounts[index % accountCount] as Account,
    cookie: "",
  }));
  await eachLimited(users, SETUP_CONCURRENCY, async (user) => {
    user.cookie = await signIn(server.url, user.account);
  });
  return users;
}

/** The load's server settings on a database (empty: SQLite), with a master key of its own. */
export function loadServerEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    KINFILE_MASTER_KEY: generateMasterKeyText(),
    DATABASE_URL: databaseUrl,
    // Every simulated user comes from 127.0.0.1 and each account has ten of them: the sign-in and
    // upload limits, which are per client and per account and tested on their own, would refuse
    // the bench's own clients.
    AUTH_RATE_LIMIT_MAX: "1000000",
    UPLOAD_RATE_LIMIT_MAX: "1000000",
  };
}

async function measureOn(database: MixedFigures["database"], databaseUrl: string): Promise<MixedFigures> {
  const env = loadServerEnv(databaseUrl);
  const probe = createProbe(`mixed-${database}`);
  const server = await startServer({ ...env, ...probe.env }, { nodeFlags: probe.nodeFlags });
  try {
    const users = await preparedUsers(server, env);
    const allKinds = KINDS.map(({ kind }) => kind);
    const mixed = await load(server, users, probe, {
      rate: BUDGETS.apiRate,
      kinds: allKinds,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      profile: true,
    });
    const profile =
      mixed.profile === undefined
        ? undefined
        : {
            file: relative(process.cwd(), mixed.profile),
            ...selfTimes(JSON.parse(readFileSync(mixed.profile, "utf8")) as CpuProfile, {
              root: resolve(import.meta.dirname, ".."),
            }),
          };
    const alone = await attribute(server, users, probe);
    const capacity = await findCapacity(
      async (rate) => {
        const phase = await load(server, users, probe, {
          rate,
          kinds: allKinds,
          seconds: CAPACITY_SECONDS,
          warmUpSeconds: 1,
          profile: false,
        });
        const budgets = withinBudgets(phase);
        return { ...budgets, ok: budgets.ok && phase.errors === 0, load: phase.load[1] };
      },
      { start: BUDGETS.apiRate, step: CAPACITY_STEP },
    );
    return {
      database,
      users: USERS,
      accounts: ACCOUNTS,
      ...mixed,
      profile,
      alone,
      capacity,
    };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${server.output()}`);
  } finally {
    await pools.get(server)?.destroy();
    await server.stop();
  }
}

/** SQLite, then PostgreSQL when a server is named. */
export function measureMixed(): Promise<MixedFigures[]> {
  return onEachDatabase(measureOn);
}

const ms = (value: number) => `${String(value).padStart(6)} ms`;

/** Prints the figures; `check(ok, message)` says "ok" or "OVER BUDGET" and remembers what is over. */
export function printMixed(
  figures: readonly MixedFigures[],
  check: (ok: boolean, message: string) => string,
) {
  for (const figure of figures) {
    const on = `on ${figure.database}`;
    console.log(
      `\nMixed load ${on}: ${figure.users} users (${figure.accounts} accounts), ${figure.seconds} s after ${WARM_UP_SECONDS} s of warm-up, aiming at ${BUDGETS.apiRate} req/s; ${machine()}; load average ${figure.load[0].toFixed(1)} then ${figure.load[1].toFixed(1)}`,
    );
    console.log(
      `  server: ${figure.serverCores.toFixed(2)} cores, ${(figure.serverCpuMs / Math.max(1, figure.requests)).toFixed(2)} ms of CPU per request; its event loop late by p50 ${figure.serverLoop.p50Ms} ms, p99 ${figure.serverLoop.p99Ms} ms, max ${figure.serverLoop.maxMs} ms`,
    );
    console.log(`  the whole machine: ${figure.machine}`);
    console.log(
      `  load generator: ${figure.clientCores.toFixed(2)} cores; its event loop late by p50 ${figure.client.p50Ms} ms, p99 ${figure.client.p99Ms} ms, max ${figure.client.maxMs} ms`,
    );
    for (const kind of figure.kinds) {
      console.log(
        `  ${kind.label.padEnd(22)} ${String(kind.count).padStart(6)}  p50 ${ms(kind.p50Ms)}  p95 ${ms(kind.p95Ms)}  p99 ${ms(kind.p99Ms)}  errors ${kind.errors}`,
      );
    }
    const { listP99Ms, uploadP95Ms } = withinBudgets(figure);
    console.log(
      `  ${figure.requestsPerSecond.toFixed(0)} req/s achieved; errors ${figure.errors} (budget 0) ${check(
        figure.errors === 0,
        `mixed load: ${figure.errors} errors ${on}`,
      )}`,
    );
    for (const sample of figure.errorSamples.slice(0, 10)) console.log(`    ${sample}`);
    console.log(
      `  record lists p99 ${listP99Ms} ms (budget < ${BUDGETS.apiP99Ms} ms) ${check(
        listP99Ms < BUDGETS.apiP99Ms,
        `mixed load: record lists p99 ${listP99Ms} ms ${on}`,
      )}`,
    );
    console.log(
      `  uploads p95 ${uploadP95Ms} ms end to end (budget < ${BUDGETS.uploadMs} ms of server time) ${check(
        uploadP95Ms < BUDGETS.uploadMs,
        `mixed load: uploads p95 ${uploadP95Ms} ms ${on}`,
      )}`,
    );
    const { alone, capacity, profile } = figure;
    console.log(
      `  Each kind alone at its share of ${BUDGETS.apiRate} req/s for ${PHASE_SECONDS} s: the server's CPU per request, less the idle server's ${alone.idleCpuMsPerSecond.toFixed(1)} ms/s`,
    );
    for (const kind of alone.kinds) {
      console.log(
        `    ${kind.label.padEnd(22)} ${kind.rate.toFixed(1).padStart(6)} req/s  CPU ${kind.cpuMsPerRequest.toFixed(2).padStart(6)} ms/req  p99 ${ms(kind.p99Ms)}  loop late p99 ${kind.loop.p99Ms} ms, max ${kind.loop.maxMs} ms  load ${kind.load[0].toFixed(1)} then ${kind.load[1].toFixed(1)}  errors ${kind.errors}`,
      );
    }
    // The parts weighed as the mix weighs them, against the mix's own CPU per request less the idle server's.
    const parts = alone.kinds.reduce(
      (sum, { kind, cpuMsPerRequest }) =>
        sum + cpuMsPerRequest * (KINDS.find((entry) => entry.kind === kind)?.weight ?? 0),
      0,
    );
    const mixedPerRequest = cpuPerRequestMs(
      { cpuMs: figure.serverCpuMs, seconds: figure.seconds, requests: figure.requests },
      alone.idleCpuMsPerSecond,
    );
    console.log(
      `    weighed as in the mix, the parts cost ${parts.toFixed(2)} ms of CPU per request, against ${mixedPerRequest.toFixed(2)} in the mix`,
    );
    console.log(
      `  Capacity (the same mix, ${CAPACITY_SECONDS} s a rate): ${capacity.tried
        .map(
          (step) =>
            `${step.rate} req/s ${step.ok ? "within" : "over"} (lists p99 ${step.listP99Ms} ms, uploads p95 ${step.uploadP95Ms} ms, load ${step.load.toFixed(1)})`,
        )
        .join("; ")}`,
    );
    console.log(
      `  the highest rate tried within the budgets ${on}: ${capacity.rate === undefined ? `none (down to ${capacity.tried.at(-1)?.rate} req/s)` : `${capacity.rate} req/s`}`,
    );
    if (profile !== undefined) {
      console.log(
        `  Where the server's time went in the mixed phase (${profile.file}, ${profile.totalMs} ms of busy samples), by self time:`,
      );
      for (const entry of profile.functions) {
        console.log(`    ${(entry.share * 100).toFixed(1).padStart(5)}%  ${ms(entry.ms)}  ${entry.name}`);
      }
      console.log("  by file:");
      for (const entry of profile.files) {
        console.log(`    ${(entry.share * 100).toFixed(1).padStart(5)}%  ${ms(entry.ms)}  ${entry.name}`);
      }
    }
  }
}

/** `node bench/mixed.ts`: this part alone. */
if (import.meta.main) {
  let over = false;
  printMixed(await measureMixed(), (ok) => {
    over ||= !ok;
    return ok ? "ok" : "OVER BUDGET";
  });
  process.exit(over ? 1 : 0);
}
