/**
 * The bench's side of server-probe.ts: how to start the server with it, and marking the end of
 * a phase (the probe answers with the phase's CPU, event-loop delay and, when asked, profile).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ProbeMark, ProbeRequest } from "./probe-marks.ts";

/** Where the bench keeps its profiles and the probe's marks (ignored by git and Biome). */
export const OUTPUT_DIR = resolve(import.meta.dirname, "../.tmp/bench");
const MARK_TIMEOUT_MS = 30_000;

export type Probe = {
  folder: string;
  /** What startServer needs to load the probe into the server. */
  env: Record<string, string>;
  nodeFlags: string[];
  /** Ends the phase under way and starts the next one, profiled when asked. */
  mark: (pid: number, next?: ProbeRequest) => Promise<ProbeMark>;
};

export function createProbe(name: string): Probe {
  const folder = join(OUTPUT_DIR, `${new Date().toISOString().replaceAll(":", "-")}-${name}`);
  mkdirSync(folder, { recursive: true });
  let marks = 0;
  return {
    folder,
    env: { BENCH_PROBE_DIR: folder },
    nodeFlags: ["--import", resolve(import.meta.dirname, "server-probe.ts")],
    mark: async (pid, next = { profile: false }) => {
      writeFileSync(join(folder, "next.json"), JSON.stringify(next));
      marks += 1;
      const answer = join(folder, `mark-${marks}.json`);
      process.kill(pid, "SIGUSR2");
      const deadline = Date.now() + MARK_TIMEOUT_MS;
      while (!existsSync(answer)) {
        if (Date.now() > deadline) throw new Error(`the server probe did not answer mark ${marks}`);
        await new Promise((done) => setTimeout(done, 20));
      }
      return JSON.parse(readFileSync(answer, "utf8")) as ProbeMark;
    },
  };
}
