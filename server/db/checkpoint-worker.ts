/**
 * The worker thread of wal-checkpoints.ts: its own connection to the SQLite file, which copies the
 * WAL into the database file (PASSIVE: it never waits for the app's connection, nor makes it wait)
 * once a second while there is something to copy, and ends after a minute with nothing new.
 */
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { lowerThisThread } from "../thread-priority.ts";

export type CheckpointWorkerData = { file: string; everyMs: number; idleMs: number };

const { file, everyMs, idleMs } = workerData as CheckpointWorkerData;
lowerThisThread();
const database = new DatabaseSync(file);
// Readers and the writer of the app never wait for this connection; it does not wait for them.
database.exec("PRAGMA busy_timeout = 0;");
const checkpoint = database.prepare("PRAGMA wal_checkpoint(PASSIVE)");
let lastWork = Date.now();
let last = { log: -1, checkpointed: -1 };

function stop(): void {
  clearInterval(timer);
  database.close();
  parentPort?.close();
}

const timer = setInterval(() => {
  try {
    // log: frames in the WAL; checkpointed: those of them now in the database file. Both stay
    // as they are while nothing is written (a WAL fully copied starts again at the next write).
    const now = checkpoint.get() as { log: number; checkpointed: number };
    if (now.log !== last.log || now.checkpointed !== last.checkpointed) lastWork = Date.now();
    last = now;
  } catch {
    // Busy (another checkpoint, a backup): the next tick tries again.
  }
  if (Date.now() - lastWork > idleMs) stop();
}, everyMs);

parentPort?.on("message", (message: "close") => {
  if (message === "close") stop();
});
