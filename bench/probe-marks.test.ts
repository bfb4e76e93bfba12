import { describe, expect, it } from "vitest";
import {
  cpuPerRequestMs,
  LOOP_RESOLUTION_MS,
  loopFigures,
  type ProbeMark,
  phaseCpuMs,
} from "./probe-marks.ts";

const ms = (value: number) => value * 1e6;

describe("the server probe's figures", () => {
  it("counts an event-loop sample's lateness beyond the timer's own interval", () => {
    const values: Record<number, number> = {
      50: ms(LOOP_RESOLUTION_MS + 0.04),
      99: ms(LOOP_RESOLUTION_MS + 7.26),
    };
    const histogram = { percentile: (share: number) => values[share] ?? 0, max: ms(42), count: 300 };
    expect(loopFigures(histogram)).toEqual({
      p50Ms: 0,
      p99Ms: 7.3,
      maxMs: 42 - LOOP_RESOLUTION_MS,
      samples: 300,
    });
  });

  it("says nothing was late when the loop was not sampled", () => {
    expect(loopFigures({ percentile: () => 0, max: 0, count: 0 })).toEqual({
      p50Ms: 0,
      p99Ms: 0,
      maxMs: 0,
      samples: 0,
    });
  });

  it("leaves the marks' own work out of a phase's CPU", () => {
    const mark = (cpuAtStartUs: number, cpuAtEndUs: number): ProbeMark => ({
      mark: 1,
      cpuAtStartUs,
      cpuAtEndUs,
      loop: { p50Ms: 0, p99Ms: 0, maxMs: 0, samples: 0 },
    });
    expect(phaseCpuMs(mark(1_000, 40_000), mark(2_040_000, 2_100_000))).toBe(2000);
  });

  it("gives a kind its phase's CPU less the idle server's, per request", () => {
    expect(cpuPerRequestMs({ cpuMs: 2100, seconds: 10, requests: 1000 }, 10)).toBe(2);
    expect(cpuPerRequestMs({ cpuMs: 50, seconds: 10, requests: 5 }, 10)).toBe(0);
    expect(cpuPerRequestMs({ cpuMs: 50, seconds: 10, requests: 0 }, 1)).toBe(0);
  });
});
