import type { Selectable } from "kysely";
import type { Database } from "../db/database.ts";
import type { JobTable } from "../db/schema.ts";

export type JobRow = Selectable<JobTable>;

export type ClaimOptions = {
  workerId: string;
  now: number;
  /** How long the claim holds; past it another worker may take the job (its worker is presumed dead). */
  leaseMs: number;
  limit: number;
};

/**
 * Takes up to `limit` due jobs for one worker in a single statement, so two workers never take the
 * same job. A job is due when its time has come and no live lease holds it; each claim counts as an
 * attempt, so a job that keeps crashing its worker still runs out of attempts. On PostgreSQL the
 * candidates are locked with SKIP LOCKED, letting concurrent workers take different jobs instead of
 * queuing on the same rows; SQLite runs one writer at a time, so the statement alone is atomic.
 */
export async function claimDueJobs(database: Database, options: ClaimOptions): Promise<JobRow[]> {
  const { db, dialect } = database;
  const { workerId, now, leaseMs, limit } = options;
  const due = db
    .selectFrom("job")
    .select("id")
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where("run_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .where((eb) => eb("attempts", "<", eb.ref("max_attempts")))
    .orderBy("run_at")
    .limit(limit);
  const candidates = dialect === "postgres" ? due.forUpdate().skipLocked() : due;
  const claimed = await db
    .updateTable("job")
    .set((eb) => ({
      locked_by: workerId,
      locked_until: now + leaseMs,
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "in", candidates)
    .returningAll()
    .execute();
  return claimed.sort((a, b) => a.run_at - b.run_at);
}

const ABANDONED_ERROR = "the worker stopped before finishing its last attempt (lease expired)";

/**
 * Marks failed the jobs whose worker vanished during their last allowed attempt: no claim can take
 * them any more, and they would otherwise stay pending forever. Returns how many.
 */
export async function failAbandonedJobs(database: Database, now: number): Promise<number> {
  const result = await database.db
    .updateTable("job")
    .set({ failed_at: now, locked_by: null, locked_until: null, last_error: ABANDONED_ERROR })
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where("locked_until", "<=", now)
    .where((eb) => eb("attempts", ">=", eb.ref("max_attempts")))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
