import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { claimDueJobs } from "./claim.ts";
import { createJobRunner, type JobHandlers, type JobRunner, type PollTimer } from "./runner.ts";

type TestJobs = {
  "test.record": { n: number };
  "test.fail": { reason: string };
};

const START = Date.UTC(2026, 0, 1);

/** A second, independent connection pool on the same database, as a second server process would have. */
async function openSecondConnection(database: TestDatabase): Promise<Database> {
  if (database.dialect === "sqlite") return openDatabase({ dataDir: database.dataDir });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL ?? "",
    dataDir: database.dataDir,
    searchPath: rows[0]?.schema ?? "",
  });
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A poll the runner scheduled, which runs when the test says so. */
type Tick = { delayMs: number; run(): void; cancelled: boolean; ran: boolean };

/** The runner's timer driven by hand: each poll waits for the test, which sees when one is scheduled. */
function timerByHand() {
  const scheduled: Tick[] = [];
  const waiting: ((tick: Tick) => void)[] = [];
  const all: Tick[] = [];
  const timer: PollTimer = (poll, delayMs) => {
    const tick: Tick = {
      delayMs,
      cancelled: false,
      ran: false,
      run() {
        tick.ran = true;
        poll();
      },
    };
    all.push(tick);
    const waiter = waiting.shift();
    if (waiter === undefined) scheduled.push(tick);
    else waiter(tick);
    return () => {
      tick.cancelled = true;
    };
  };
  return {
    timer,
    /** The next poll, once the runner has scheduled it (its previous poll has finished). */
    next: (): Promise<Tick> => {
      const tick = scheduled.shift();
      return tick === undefined ? new Promise((found) => waiting.push(found)) : Promise.resolve(tick);
    },
    /** The polls scheduled and neither run nor cancelled: what would still run. */
    pending: () => all.filter((tick) => !tick.ran && !tick.cancelled).length,
  };
}

describe.each(testDialects())("job runner on %s", (dialect) => {
  let database: TestDatabase;
  let now = START;
  const clock = () => now;
  const recorded: number[] = [];
  const handlers: JobHandlers<TestJobs> = {
    "test.record": async ({ n }) => {
      recorded.push(n);
    },
    "test.fail": async ({ reason }) => {
      throw new Error(reason);
    },
  };
  const runners: JobRunner<TestJobs>[] = [];
  const runner = (overrides: Partial<Parameters<typeof createJobRunner<TestJobs>>[0]> = {}) => {
    const created = createJobRunner<TestJobs>({ database, clock, handlers, ...overrides });
    runners.push(created);
    return created;
  };
  const jobRow = (id: string) =>
    database.db.selectFrom("job").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((each) => each.stop()));
    await database.db.deleteFrom("job").execute();
    recorded.length = 0;
    now = START;
  });
  afterAll(() => database.close());

  it("runs a job at its time and not before, once", async () => {
    const jobs = runner();
    const id = await jobs.enqueue("test.record", { n: 1 }, { runAt: START + 60_000 });
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
    now = START + 59_999;
    await jobs.runDue();
    expect(recorded).toEqual([]);
    now = START + 60_000;
    expect(await jobs.runDue()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(recorded).toEqual([1]);
    now += 3_600_000;
    await jobs.runDue();
    expect(recorded).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ attempts: 1, done_at: START + 60_000, locked_by: null });
  });

  it("runs due jobs oldest first", async () => {
    const jobs = runner();
    await jobs.enqueue("test.record", { n: 2 }, { runAt: START - 1_000 });
    await jobs.enqueue("test.record", { n: 1 }, { runAt: START - 2_000 });
    await jobs.enqueue("test.record", { n: 3 });
    await jobs.runDue(2);
    expect(recorded).toEqual([1, 2]);
  });

  it("retries a failing job after 30 s, then 2 min, and marks it failed after its last attempt", async () => {
    const jobs = runner();
    const id = await jobs.enqueue("test.fail", { reason: "smtp down" }, { maxAttempts: 3 });
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await jobRow(id)).toMatchObject({ attempts: 1, run_at: START + 30_000, last_error: "smtp down" });

    now = START + 29_999;
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
    now = START + 30_000;
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await jobRow(id)).toMatchObject({ attempts: 2, run_at: START + 30_000 + 120_000 });

    now = START + 150_000;
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await jobRow(id)).toMatchObject({ attempts: 3, failed_at: START + 150_000, done_at: null });
    now += 86_400_000;
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
  });

  it("tells the handler which attempt it runs", async () => {
    const seen: [number, boolean][] = [];
    const jobs = runner({
      handlers: {
        ...handlers,
        "test.fail": async (_payload, context) => {
          seen.push([context.attempt, context.isLastAttempt]);
          throw new Error("again");
        },
      },
    });
    await jobs.enqueue("test.fail", { reason: "" }, { maxAttempts: 2 });
    await jobs.runDue();
    now += 30_000;
    await jobs.runDue();
    expect(seen).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it("enqueues a job with a unique key at most once, even after it ran", async () => {
    const jobs = runner();
    const first = await jobs.enqueue("test.record", { n: 1 }, { uniqueKey: "release:42", runAt: START + 10 });
    const second = await jobs.enqueue("test.record", { n: 2 }, { uniqueKey: "release:42" });
    expect(second).toBe(first);
    now = START + 10;
    await jobs.runDue();
    const third = await jobs.enqueue("test.record", { n: 3 }, { uniqueKey: "release:42" });
    expect(third).toBe(first);
    now += 60_000;
    await jobs.runDue();
    expect(recorded).toEqual([1]);
    const { count } = await database.db
      .selectFrom("job")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it("cancels a pending job by its key, which frees the key", async () => {
    const jobs = runner();
    await jobs.enqueue("test.record", { n: 1 }, { uniqueKey: "release:7", runAt: START + 1_000 });
    expect(await jobs.cancel("release:7")).toBe(true);
    expect(await jobs.cancel("release:7")).toBe(false);
    await jobs.enqueue("test.record", { n: 2 }, { uniqueKey: "release:7", runAt: START + 1_000 });
    now = START + 1_000;
    await jobs.runDue();
    expect(recorded).toEqual([2]);
    expect(await jobs.cancel("release:7")).toBe(false);
  });

  it("creates a job with the caller's transaction, and not when it rolls back", async () => {
    const jobs = runner();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await jobs.enqueue("test.record", { n: 1 }, {}, trx);
        throw new Error("the caller's own write failed");
      }),
    ).rejects.toThrow("the caller's own write failed");
    await database.db.transaction().execute(async (trx) => {
      await jobs.enqueue("test.record", { n: 2 }, {}, trx);
      // A key taken by the transaction's own earlier job is reused, not a failed statement.
      await jobs.enqueue("test.record", { n: 3 }, { uniqueKey: "k" }, trx);
      await jobs.enqueue("test.record", { n: 4 }, { uniqueKey: "k" }, trx);
    });
    await jobs.runDue();
    expect(recorded.sort()).toEqual([2, 3]);
  });

  it("refuses a kind it has no handler for", async () => {
    const jobs = createJobRunner<TestJobs>({ database, clock, handlers });
    const unknownKind = "test.unknown" as keyof TestJobs;
    await expect(jobs.enqueue(unknownKind, { n: 1 })).rejects.toThrow(
      'no handler for job kind "test.unknown"',
    );
  });

  it("fails a stored job whose kind no handler serves, without retrying it", async () => {
    const jobs = runner();
    await jobs.enqueue("test.record", { n: 1 });
    await database.db.updateTable("job").set({ kind: "test.removed" }).execute();
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 1 });
    const row = await database.db.selectFrom("job").selectAll().executeTakeFirstOrThrow();
    expect(row.last_error).toBe('no handler for job kind "test.removed"');
    expect(row.failed_at).toBe(START);
  });

  it("never runs a job twice when two runners on two connections claim at the same time", async () => {
    const other = await openSecondConnection(database);
    try {
      const runs = new Map<number, number>();
      // Each runner's first jobs wait until the other's have started: both claim while jobs run.
      const startedBy = new Set<string>();
      const bothStarted = deferred();
      const handlersOf = (worker: string): JobHandlers<TestJobs> => ({
        ...handlers,
        "test.record": async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          startedBy.add(worker);
          if (startedBy.size === 2) bothStarted.resolve();
          await bothStarted.promise;
        },
      });
      const first = runner({ handlers: handlersOf("a"), workerId: "a", batchSize: 7 });
      const second = runner({ handlers: handlersOf("b"), workerId: "b", batchSize: 7, database: other });
      const total = 120;
      for (let n = 0; n < total; n++) await first.enqueue("test.record", { n });
      const drain = async (jobs: JobRunner<TestJobs>) => {
        let ran = 0;
        for (;;) {
          const { done } = await jobs.runDue();
          if (done === 0) return ran;
          ran += done;
        }
      };
      const [byFirst, bySecond] = await Promise.all([
        drain(first),
        drain(second),
        drain(first),
        drain(second),
      ]);
      expect(runs.size).toBe(total);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      // Both did part of the work: the test exercised concurrent claims, not one runner alone.
      expect(byFirst).toBeGreaterThan(0);
      expect(bySecond).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it("re-runs the job of a crashed worker once its lease expires", async () => {
    const jobs = runner({ leaseMs: 60_000 });
    const id = await jobs.enqueue("test.record", { n: 9 }, { maxAttempts: 2 });
    // A worker claims the job, then its process dies before recording anything.
    const [claimed] = await claimDueJobs(database, { workerId: "crashed", now, leaseMs: 60_000, limit: 1 });
    expect(claimed?.id).toBe(id);
    now = START + 59_999;
    await jobs.runDue();
    expect(recorded).toEqual([]);
    now = START + 60_000;
    expect(await jobs.runDue()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(recorded).toEqual([9]);
    expect(await jobRow(id)).toMatchObject({ attempts: 2, done_at: START + 60_000 });
  });

  it("marks failed a job whose worker crashed during its last attempt", async () => {
    const jobs = runner({ leaseMs: 60_000 });
    const id = await jobs.enqueue("test.record", { n: 9 }, { maxAttempts: 1 });
    await claimDueJobs(database, { workerId: "crashed", now, leaseMs: 60_000, limit: 1 });
    now = START + 60_000;
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(recorded).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ failed_at: START + 60_000, locked_by: null });
  });

  it("polls once started, again at once after a full batch, and stop() waits for the running handler", async () => {
    const ticks = timerByHand();
    const started = deferred();
    const release = deferred();
    const jobs = runner({
      timer: ticks.timer,
      batchSize: 2,
      handlers: {
        ...handlers,
        "test.record": async ({ n }) => {
          if (n === 5) {
            started.resolve();
            await release.promise;
          }
          recorded.push(n);
        },
      },
    });
    jobs.start({ intervalMs: 10 });
    // The first poll runs at once, finds nothing and waits the interval.
    const idle = await ticks.next();
    expect(idle.delayMs).toBe(10);
    await jobs.enqueue("test.record", { n: 1 });
    await jobs.enqueue("test.record", { n: 2 });
    idle.run();
    // A full batch may leave more behind: the next poll comes at once.
    const again = await ticks.next();
    // A batch's jobs run concurrently, in no set order.
    expect(recorded.toSorted()).toEqual([1, 2]);
    expect(again.delayMs).toBe(0);
    again.run();
    const waiting = await ticks.next();
    expect(waiting.delayMs).toBe(10);

    await jobs.enqueue("test.record", { n: 5 });
    waiting.run();
    await started.promise;
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
      return recorded.toSorted();
    });
    // Stopped means stopped: a job enqueued now waits for the next start.
    await jobs.enqueue("test.record", { n: 6 });
    expect(stopped).toBe(false);
    release.resolve();
    // stop() resolved once the handler had finished its job.
    expect(await stopping).toEqual([1, 2, 5]);
    expect(ticks.pending()).toBe(0);
    const pending = await database.db
      .selectFrom("job")
      .select(["payload", "done_at"])
      .where("done_at", "is", null)
      .execute();
    expect(pending.map((row) => JSON.parse(row.payload))).toEqual([{ n: 6 }]);
  });
});
