/**
 * Loaded into the server by the mixed bench (`node --import bench/server-probe.ts`), never by the
 * app: the server's own event-loop delay and CPU time per phase of the load, and a CPU profile of
 * the phases the bench asks for. The bench writes what the next phase wants into the probe's
 * folder and sends SIGUSR2 to end the phase; the probe answers with `mark-<n>.json` there.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { profileSince, type TimedCpuProfile } from "./cpu-profile.ts";
import { LOOP_RESOLUTION_MS, loopFigures, type ProbeMark, type ProbeRequest } from "./probe-marks.ts";

const folder = process.env.BENCH_PROBE_DIR ?? "";
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
const session = new Session();
let marks = 0;
// The profiler runs from `started` on; the profile kept starts at `phaseFrom` (µs, V8's clock).
let profiler: { started: boolean; phaseFrom?: number } = { started: false };
let busy = Promise.resolve();

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Now on the clock V8 stamps its profiles with, in microseconds. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function startProfiler(): Promise<void> {
  if (profiler.started) return;
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  profiler = { started: true };
}

async function mark(): Promise<void> {
  const cpuAtStartUs = cpuMicros();
  const delay = loopFigures(loop);
  marks += 1;
  const file = join(folder, "next.json");
  const next: ProbeRequest = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : { profile: false };
  let profile: string | undefined;
  if (profiler.phaseFrom !== undefined) {
    const { profile: taken } = await session.post("Profiler.stop");
    profile = join(folder, `phase-${marks}.cpuprofile`);
    writeFileSync(profile, JSON.stringify(profileSince(taken as TimedCpuProfile, profiler.phaseFrom)));
    profiler = { started: false };
  }
  if (next.profile || next.startProfiler) await startProfiler();
  if (next.profile) profiler.phaseFrom = nowUs();
  loop.reset();
  const answer: ProbeMark = { mark: marks, cpuAtStartUs, cpuAtEndUs: cpuMicros(), loop: delay, profile };
  // Written whole, then named: the bench reads the mark as soon as its name appears.
  writeFileSync(join(folder, "mark.tmp"), JSON.stringify(answer));
  renameSync(join(folder, "mark.tmp"), join(folder, `mark-${marks}.json`));
}

if (folder !== "") {
  session.connect();
  loop.enable();
  // A mark that comes while the last one is still writing its profile waits for it.
  process.on("SIGUSR2", () => {
    busy = busy.then(mark, mark);
  });
}
