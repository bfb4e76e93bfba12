import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { FileChanges } from "../../file/changes.ts";
import { periodicRun } from "../../jobs/periodic.ts";
import type { JobHandlers, JobLogger, JobQueue } from "../../jobs/runner.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { documentRepository } from "./repository.ts";

const HOUR_MS = 60 * 60_000;

/**
 * How long a file uploaded from a record's form may wait for the record's save. A form left in
 * the app discards its uploads at once; this is for a closed tab or a crashed browser, and leaves
 * a form kept open over a long evening its files.
 */
export const PENDING_UPLOAD_MAX_AGE_MS = 24 * HOUR_MS;

/** Pending uploads read per query, so that one run holds no long list. */
const BATCH = 200;

/** Deletes one of the owner's pending uploads, published as a delete; answers its blob, if it was there. */
export function deletePendingUpload(
  db: Kysely<DB>,
  changes: FileChanges,
  ownerId: string,
  id: string,
): Promise<{ blobId: string | null } | undefined> {
  return changes.transaction(db, async (trx) => {
    const gone = await documentRepository(trx).deletePending(ownerId, id);
    if (gone !== undefined)
      await changes.publish(trx, { kind: "document", operation: "deleted", ownerId, id });
    return gone;
  });
}

/**
 * Deletes the pending uploads older than `maxAgeMs`, of every account, and their files; answers
 * how many. A record saved meanwhile keeps its file: the delete takes only what is still pending.
 */
export async function sweepPendingUploads(options: {
  db: Kysely<DB>;
  changes: FileChanges;
  blobs: Pick<BlobStore, "delete">;
  now: number;
  maxAgeMs?: number;
  logger?: JobLogger;
}): Promise<number> {
  const { db, blobs } = options;
  const before = options.now - (options.maxAgeMs ?? PENDING_UPLOAD_MAX_AGE_MS);
  let swept = 0;
  for (;;) {
    const stale = await db
      .selectFrom("document")
      .select(["id", "owner_id"])
      .where("pending_since", "<", before)
      .orderBy("pending_since")
      .limit(BATCH)
      .execute();
    if (stale.length === 0) return swept;
    for (const { id, owner_id: ownerId } of stale) {
      const gone = await deletePendingUpload(db, options.changes, ownerId, id);
      if (gone === undefined) continue;
      swept += 1;
      if (gone.blobId === null) continue;
      // A file left behind names no row: the blob store's own hourly sweep takes it then.
      await blobs.delete(ownerId, gone.blobId).catch((error: unknown) => {
        options.logger?.error(
          { err: error, blobId: gone.blobId },
          "could not delete a pending upload's file",
        );
      });
    }
  }
}

export type PendingUploadJobs = { "document.sweep-pending": { hour: number } };

/**
 * Schedules the sweep of the hour `now` falls in, once whatever the number of servers; each run
 * schedules the next hour's. Called at start.
 */
export async function schedulePendingUploadSweep(
  jobs: JobQueue<PendingUploadJobs>,
  now: number,
): Promise<void> {
  const { index: hour, options } = periodicRun("document.sweep-pending", HOUR_MS, now);
  await jobs.enqueue("document.sweep-pending", { hour }, options);
}

export function pendingUploadJobHandlers(options: {
  db: Kysely<DB>;
  changes: FileChanges;
  blobs: Pick<BlobStore, "delete">;
  jobs: () => JobQueue<PendingUploadJobs>;
  logger?: JobLogger;
  clock?: () => number;
}): JobHandlers<PendingUploadJobs> {
  const clock = options.clock ?? Date.now;
  return {
    async "document.sweep-pending"({ hour }) {
      const swept = await sweepPendingUploads({ ...options, now: clock() });
      if (swept > 0) options.logger?.info({ swept }, "removed uploads of records never saved");
      await schedulePendingUploadSweep(options.jobs(), (hour + 1) * HOUR_MS);
    },
  };
}
