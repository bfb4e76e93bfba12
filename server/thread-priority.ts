import { randomFill } from "node:crypto";
import { readdirSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { isMainThread } from "node:worker_threads";

/**
 * The event loop answers every request, and on a small server it shares two cores with the threads
 * that work for it: libuv's pool (password hashing, file writes), V8's (garbage collection,
 * compiling) and the app's worker threads (photos, WAL checkpoints). When they all want a core at
 * once, the scheduler's time slices keep the loop off its core while requests queue behind it.
 * Their work can wait a little, a request cannot: on Linux, where each thread has a nice value of
 * its own, they run this many steps below the loop, and keep every moment the loop leaves idle.
 */
const BACKGROUND_NICE_STEPS = 10;
/** The lowest priority Linux has. */
const LOWEST = 19;

const perThread = process.platform === "linux";

/** The nice value of the threads that work for an event loop running at `loopNice`. */
export function backgroundNice(loopNice: number): number {
  return Math.min(LOWEST, loopNice + BACKGROUND_NICE_STEPS);
}

/** Lowers a thread (a TID; 0, the calling thread) below the event loop; a refusal leaves it as it was. */
function lower(tid: number, loopNice: number): void {
  try {
    setPriority(tid, backgroundNice(loopNice));
  } catch {
    // Gone meanwhile, or a sandbox that forbids it: the thread keeps the loop's priority.
  }
}

/** A worker thread's first step: below the event loop that started it (whose nice it inherited). */
export function lowerThisThread(): void {
  if (perThread && !isMainThread) lower(0, getPriority(0));
}

/**
 * The event loop's thread puts every other thread of the process below it, libuv's pool included
 * (started here, since libuv starts it at its first job). Threads started later lower themselves.
 */
export async function lowerBackgroundThreads(): Promise<void> {
  if (!perThread || !isMainThread) return;
  await new Promise((done) => randomFill(new Uint8Array(1), done));
  const loopNice = getPriority(0);
  // On Linux the main thread's TID is the process's ID.
  for (const tid of readdirSync("/proc/self/task").map(Number)) if (tid !== process.pid) lower(tid, loopNice);
}
