import { periodicRun } from "../jobs/periodic.ts";
import type { JobHandlers, JobQueue } from "../jobs/runner.ts";
import type { BlobLeftovers } from "./blob-store.ts";

/** Which of an account's blobs a saved row names (server/modules/documents/blob-references.ts). */
export type BlobReferences = (ownerId: string, blobIds: readonly string[]) => Promise<ReadonlySet<string>>;

const HOUR_MS = 60 * 60_000;

/**
 * How old an unfinished write or an unnamed blob must be before the sweep removes it. An upload
 * still streaming in on another server keeps writing (a 5 MB file takes seconds, a stalled one
 * is cut off by the request timeouts well before), and a stored blob gets its document row at
 * once: an hour without either means the process that wrote it is gone.
 */
export const LEFTOVER_SAFE_AGE_MS = HOUR_MS;

/** Blob ids checked against the database at once, well under either database's parameter limit. */
const BATCH = 500;

export type SweepResult = { unfinished: number; orphans: number };

/**
 * Removes what a killed process leaves in the blob store: unfinished writes (temporary files,
 * staged rows) and blobs no row names, both only when older than `safeAgeMs`.
 */
export async function sweepBlobLeftovers(options: {
  backend: BlobLeftovers;
  referenced: BlobReferences;
  now: number;
  safeAgeMs?: number;
}): Promise<SweepResult> {
  const { backend, referenced, now } = options;
  const before = now - (options.safeAgeMs ?? LEFTOVER_SAFE_AGE_MS);
  const unfinished = await backend.removeUnfinished(before);
  let orphans = 0;
  for await (const { ownerId, blobIds } of backend.owners()) {
    for (let start = 0; start < blobIds.length; start += BATCH) {
      const batch = blobIds.slice(start, start + BATCH);
      const held = await referenced(ownerId, batch);
      const unnamed = batch.filter((blobId) => !held.has(blobId));
      if (unnamed.length > 0) orphans += await backend.removeWrittenBefore(ownerId, unnamed, before);
    }
  }
  return { unfinished, orphans };
}

export type LeftoverJobs = { "storage.sweep-leftovers": { hour: number } };

/**
 * Schedules the sweep of the hour `now` falls in, once whatever the number of servers (the hour
 * names the job's unique key); each run schedules the next hour's. Called at start, so a server
 * started after a crash sweeps at once unless another did within the hour.
 */
export async function scheduleLeftoverSweep(jobs: JobQueue<LeftoverJobs>, now: number): Promise<void> {
  const { index: hour, options } = periodicRun("storage.sweep-leftovers", HOUR_MS, now);
  await jobs.enqueue("storage.sweep-leftovers", { hour }, options);
}

export function leftoverJobHandlers(options: {
  backend: BlobLeftovers;
  referenced: BlobReferences;
  jobs: () => JobQueue<LeftoverJobs>;
  logger?: { info(object: object, message: string): void };
  clock?: () => number;
}): JobHandlers<LeftoverJobs> {
  const clock = options.clock ?? Date.now;
  return {
    async "storage.sweep-leftovers"({ hour }) {
      const result = await sweepBlobLeftovers({ ...options, now: clock() });
      if (result.unfinished + result.orphans > 0)
        options.logger?.info(result, "removed blob store leftovers");
      await scheduleLeftoverSweep(options.jobs(), (hour + 1) * HOUR_MS);
    },
  };
}
