/**
 * The server's CPU per request of one kind of the mix (a record save unless CPU_KIND names another:
 * list, recordView, personView, upload, nomineeList, nomineeView, signIn), on builds side by side:
 * each app folder named (a checkout with its dist/ built; this one when none is) runs its server
 * with the mixed load's probe, on the mixed load's accounts (fewer of them), and that kind alone at
 * its share of the mix's rate is sent to each in turn, round after round, so that every build meets
 * the same conditions of a shared machine; each round also says how often the server's event loop
 * was taken off its core a request (Linux). Then one profiled round each, summed by self time
 * (cpu-profile.ts). `node bench/kind-cpu.ts [appDir...]`; CPU_DATABASE_URLS (comma-separated, one
 * per folder, each an empty database of its own) runs them on PostgreSQL; CPU_ROUNDS and
 * CPU_SECONDS the length, CPU_ACCOUNTS the accounts (two or more, ten sessions each),
 * CPU_MIX_SECONDS the whole mix sent first.
 */
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { type RunningServer, startServer } from "../e2e/support/server.ts";
import { BUDGETS } from "./budgets.ts";
import { type CpuProfile, selfTimes } from "./cpu-profile.ts";
import { machine, preemptionsOf } from "./machine.ts";
import { KINDS, type Kind, load, loadServerEnv, preparedUsers, type User } from "./mixed.ts";
import { createProbe, type Probe } from "./probe.ts";
import { cpuPerRequestMs, phaseCpuMs } from "./probe-marks.ts";

const ROUNDS = Number(process.env.CPU_ROUNDS ?? 5);
const SECONDS = Number(process.env.CPU_SECONDS ?? 10);
/** The whole mix sent to each server first, for this long, as the bench's kinds alone follow its mixed phase. */
const MIX_SECONDS = Number(process.env.CPU_MIX_SECONDS ?? 0);
const ACCOUNTS = Number(process.env.CPU_ACCOUNTS ?? 4);
const MEASURED = KINDS.find(({ kind }) => kind === (process.env.CPU_KIND ?? "save"));
if (MEASURED === undefined) {
  throw new Error(
    `CPU_KIND: no kind named ${process.env.CPU_KIND} (${KINDS.map(({ kind }) => kind).join(", ")})`,
  );
}
const ALONE: readonly Kind[] = [MEASURED.kind];
/** The kind's share of the mixed load's rate. */
const RATE = BUDGETS.apiRate * MEASURED.weight;

type Build = {
  name: string;
  appDir: string;
  server: RunningServer;
  probe: Probe;
  users: User[];
  cpuMs: number[];
};

async function started(appDir: string, databaseUrl: string): Promise<Build> {
  const env = loadServerEnv(databaseUrl);
  const name = basename(resolve(appDir));
  const probe = createProbe(`cpu-${name}`);
  const server = await startServer({ ...env, ...probe.env }, { appDir, nodeFlags: probe.nodeFlags });
  try {
    return { name, appDir, server, probe, users: await preparedUsers(server, env, ACCOUNTS), cpuMs: [] };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The server's CPU per request over one stretch of the kind, less what it spends idle in as long. */
async function kindCpuMs(build: Build, profile: boolean) {
  const { server, probe, users } = build;
  const from = await probe.mark(server.pid);
  await new Promise((done) => setTimeout(done, 2000));
  const idleCpuMsPerSecond = phaseCpuMs(from, await probe.mark(server.pid)) / 2;
  const preemptedBefore = preemptionsOf(server.pid);
  const phase = await load(server, users, probe, {
    rate: RATE,
    kinds: ALONE,
    seconds: SECONDS,
    warmUpSeconds: 0,
    profile,
  });
  const preemptedAfter = preemptionsOf(server.pid);
  const cpuMs = cpuPerRequestMs(
    { cpuMs: phase.serverCpuMs, seconds: phase.seconds, requests: phase.requests },
    idleCpuMsPerSecond,
  );
  const preemptions =
    preemptedBefore === undefined || preemptedAfter === undefined || phase.requests === 0
      ? "not known"
      : ((preemptedAfter - preemptedBefore) / phase.requests).toFixed(2);
  return { cpuMs, phase, preemptions };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const folders = process.argv.slice(2);
const appDirs = folders.length === 0 ? [resolve(import.meta.dirname, "..")] : folders;
const databaseUrls = (process.env.CPU_DATABASE_URLS ?? "").split(",");
const builds: Build[] = [];
try {
  for (const [index, appDir] of appDirs.entries())
    builds.push(await started(appDir, databaseUrls[index] ?? ""));
  console.log(
    `${MEASURED.label} alone at ${RATE} req/s, ${SECONDS} s a round, ${ROUNDS} rounds; ${machine()}`,
  );
  for (const build of builds) {
    if (MIX_SECONDS > 0) {
      const mix = KINDS.map(({ kind }) => kind);
      const { probe, server, users } = build;
      const phase = {
        rate: BUDGETS.apiRate,
        kinds: mix,
        seconds: MIX_SECONDS,
        warmUpSeconds: 0,
        profile: false,
      };
      const mixed = await load(server, users, probe, phase);
      console.log(
        `  ${build.name}: the mix for ${MIX_SECONDS} s, ${mixed.requests} requests, errors ${mixed.errors}`,
      );
    }
    await kindCpuMs(build, false); // warm-up: JIT, caches
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const build of builds) {
      const { cpuMs, phase, preemptions } = await kindCpuMs(build, false);
      build.cpuMs.push(cpuMs);
      const [measured] = phase.kinds;
      console.log(
        `  round ${round} ${build.name.padEnd(10)} ${cpuMs.toFixed(2)} ms CPU/request  event loop preempted ${preemptions} times a request  ${phase.requests} requests  p50 ${measured?.p50Ms} ms  errors ${phase.errors}${phase.errorSamples.length > 0 ? ` (${phase.errorSamples[0]})` : ""}  load ${phase.load[0].toFixed(1)} then ${phase.load[1].toFixed(1)}`,
      );
    }
  }
  for (const build of builds) {
    console.log(
      `${build.name}: median ${median(build.cpuMs).toFixed(2)} ms of CPU per ${MEASURED.label} (${build.cpuMs.map((ms) => ms.toFixed(2)).join(", ")})`,
    );
  }
  for (const build of builds) {
    const { phase } = await kindCpuMs(build, true);
    if (phase.profile === undefined) continue;
    const summary = selfTimes(JSON.parse(readFileSync(phase.profile, "utf8")) as CpuProfile, {
      root: resolve(build.appDir),
      limit: 30,
    });
    console.log(
      `\n${build.name}: ${phase.profile}, ${summary.totalMs} ms of busy samples for ${phase.requests} requests`,
    );
    for (const entry of summary.functions) {
      console.log(
        `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${String(entry.ms).padStart(7)} ms  ${entry.name}`,
      );
    }
    console.log("  by file:");
    for (const entry of summary.files) {
      console.log(
        `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${String(entry.ms).padStart(7)} ms  ${entry.name}`,
      );
    }
  }
} finally {
  for (const build of builds) await build.server.stop();
}
// The load's connection pools are kept for the process's life.
process.exit(0);
