/**
 * What the server probe (server-probe.ts) and the bench tell each other, and the arithmetic on it:
 * shared by the preload in the server and the bench that reads its marks.
 */

/** The probe's event-loop timer fires this often; a sample's delay is what it took beyond that. */
export const LOOP_RESOLUTION_MS = 10;

/**
 * What the bench wants of the phase that starts at a mark: a profile of it, and whether to start
 * the profiler now for the phase after, since starting it holds the event loop while V8 lists every
 * function compiled so far (a few hundred milliseconds in which requests queue).
 */
export type ProbeRequest = { profile: boolean; startProfiler?: boolean };

/** The server's event loop's lateness over a phase, in milliseconds. */
export type LoopDelay = { p50Ms: number; p99Ms: number; maxMs: number; samples: number };

/** The end of a phase, as the server saw it: its CPU time (µs) when the mark began and ended. */
export type ProbeMark = {
  mark: number;
  cpuAtStartUs: number;
  cpuAtEndUs: number;
  loop: LoopDelay;
  /** The phase's CPU profile, when the bench asked for one. */
  profile?: string;
};

type Histogram = { percentile: (share: number) => number; max: number; count: number };

const round = (ms: number) => Math.round(ms * 10) / 10;

/** A histogram of monitorEventLoopDelay (nanoseconds between timer ticks) as delays beyond the tick. */
export function loopFigures(histogram: Histogram): LoopDelay {
  const late = (ns: number) => round(Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS));
  if (histogram.count === 0) return { p50Ms: 0, p99Ms: 0, maxMs: 0, samples: 0 };
  return {
    p50Ms: late(histogram.percentile(50)),
    p99Ms: late(histogram.percentile(99)),
    maxMs: late(histogram.max),
    samples: histogram.count,
  };
}

/** The server's CPU time in the phase between two marks, the marks' own work (profiles) left out. */
export function phaseCpuMs(from: ProbeMark, to: ProbeMark): number {
  return (to.cpuAtStartUs - from.cpuAtEndUs) / 1000;
}

/**
 * The server's CPU per request of one kind: its phase's CPU less what the idle server spends in
 * as long (timers, the probe itself), over the requests answered.
 */
export function cpuPerRequestMs(
  phase: { cpuMs: number; seconds: number; requests: number },
  idleCpuMsPerSecond: number,
): number {
  if (phase.requests === 0) return 0;
  return Math.max(0, phase.cpuMs - idleCpuMsPerSecond * phase.seconds) / phase.requests;
}
