import { Worker } from "node:worker_threads";
import type { CheckpointWorkerData } from "./checkpoint-worker.ts";

/**
 * SQLite copies its write-ahead log into the database file (a checkpoint) by itself in the commit
 * that takes the WAL past 1000 pages: the copy and two fsyncs, slow on a busy disk, and
 * node:sqlite is synchronous, so the whole server stood still meanwhile, often under the design's
 * load (a save writes a dozen pages). The app's connection
 * therefore never checkpoints (wal_autocheckpoint = 0); a worker thread with a connection of its
 * own does (checkpoint-worker.ts), off the event loop. Durability is unchanged: commits are not
 * synced in WAL mode with synchronous = NORMAL either way, and a checkpoint syncs as before.
 *
 * The worker costs memory while it runs, so it runs only while the app writes: it starts after
 * WRITES_BEFORE_START write statements (more than a fresh database's migrations, so an idle server
 * has none) and stops after IDLE_MS with nothing to copy. The WAL holds at most that many writes'
 * pages meanwhile, as it held 1000 pages before. Should the worker fail, the connection
 * checkpoints by itself again, as SQLite does by default.
 */
const WRITES_BEFORE_START = 1000;
const EVERY_MS = 1000;
const IDLE_MS = 60_000;
/** SQLite's default, restored should the worker fail. */
const AUTO_CHECKPOINT_PAGES = 1000;

export type WalCheckpoints = {
  /** Called for each write statement of the app's connection. */
  wrote(): void;
  close(): Promise<void>;
};

export function walCheckpoints(
  file: string,
  connection: { exec(sql: string): void },
  options: { writesBeforeStart?: number; idleMs?: number } = {},
): WalCheckpoints {
  const writesBeforeStart = options.writesBeforeStart ?? WRITES_BEFORE_START;
  const workerData: CheckpointWorkerData = { file, everyMs: EVERY_MS, idleMs: options.idleMs ?? IDLE_MS };
  let writes = 0;
  let worker: Worker | undefined;
  let failed = false;
  let closed = false;
  connection.exec("PRAGMA wal_autocheckpoint = 0;");

  function start(): void {
    const started = new Worker(new URL("./checkpoint-worker.ts", import.meta.url), { workerData });
    // It must not keep the process alive (a CLI command ends when its work does).
    started.unref();
    started.once("error", () => {
      failed = true;
      if (!closed) connection.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES};`);
    });
    started.once("exit", () => {
      if (worker === started) worker = undefined;
      writes = 0;
    });
    worker = started;
  }

  return {
    wrote() {
      writes += 1;
      if (worker === undefined && !failed && !closed && writes >= writesBeforeStart) start();
    },
    async close() {
      closed = true;
      const running = worker;
      if (running === undefined) return;
      const exited = new Promise((done) => running.once("exit", done));
      // Unreferenced, the worker would not hold the process while it is awaited here: a process
      // with nothing else to do (a script, a CLI command) ended with this close never settled.
      running.ref();
      running.postMessage("close");
      await exited;
    },
  };
}
