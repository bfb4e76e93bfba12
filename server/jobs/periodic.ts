import type { EnqueueOptions } from "./queue.ts";

/**
 * The run of a job repeated every `periodMs` that `now` falls in: its period's index (an hour, a
 * day since the epoch) names the job's unique key, so that however many servers schedule it, it
 * is stored once; a run schedules the next period's from `(index + 1) * periodMs`.
 */
export function periodicRun(
  kind: string,
  periodMs: number,
  now: number,
): { index: number; options: EnqueueOptions } {
  const index = Math.floor(now / periodMs);
  return { index, options: { runAt: Math.max(now, index * periodMs), uniqueKey: `${kind}:${index}` } };
}
