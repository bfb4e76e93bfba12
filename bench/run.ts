/**
 * `npm run bench`: builds nothing itself (the npm script builds first), then prints the API and
 * bundle figures against the budgets of DESIGN.md and exits 1 when one is over budget.
 * BENCH_ONLY (a comma-separated list of parts: bundle, api, mixed, upload, search, binder,
 * lighthouse) runs only those.
 */
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { measureApi } from "./api.ts";
import { measureBinder, printBinder } from "./binder.ts";
import { BUDGETS } from "./budgets.ts";
import { printBundle, weighRoutes } from "./bundle.ts";
import { measureLighthouse, printLighthouse } from "./lighthouse.ts";
import { machine } from "./machine.ts";
import { measureMixed, printMixed } from "./mixed.ts";
import { measureSearch, printSearch } from "./search.ts";
import { measureUpload } from "./upload.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  return ok ? "ok" : "OVER BUDGET";
};

const PARTS = ["bundle", "api", "mixed", "upload", "search", "binder", "lighthouse"] as const;
const only = (process.env.BENCH_ONLY ?? "").split(",").filter((part) => part !== "");
const unknown = only.filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY: no part named ${unknown.join(", ")} (${PARTS.join(", ")})`);
const runs = (part: (typeof PARTS)[number]) => only.length === 0 || only.includes(part);

console.log(`Machine: ${machine()}`);

if (runs("bundle")) printBundle(weighRoutes(resolve(import.meta.dirname, "../dist/web")), check);

const [load1Now] = loadavg();
if (runs("api"))
  console.log(`\nAPI (load average ${load1Now?.toFixed(1)} on ${cpus().length} cores when it started)`);
for (const api of runs("api") ? await measureApi() : []) {
  const row = (
    name: string,
    r: { requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number },
  ) =>
    `  ${name.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  failures ${r.failures}`;
  const on = `on ${api.database}`;
  console.log(`${api.database}: GET ${api.route}, 10 connections`);
  console.log(row("Kinfile (full speed)", api.kinfile));
  console.log(row("bare Fastify, same bytes from memory", api.bare));
  console.log(
    `  throughput ratio ${(api.ratio * 100).toFixed(0)}% (goal >= ${BUDGETS.apiThroughputRatio * 100}%) ${check(
      api.ratio >= BUDGETS.apiThroughputRatio,
      `throughput ratio ${(api.ratio * 100).toFixed(0)}% ${on}`,
    )}`,
  );
  console.log(
    `${row(`Kinfile at ${api.steady.rate} req/s`, api.steady)}  budget p99 < ${BUDGETS.apiP99Ms} ms ${check(
      api.steady.p99Ms < BUDGETS.apiP99Ms && api.steady.failures === 0,
      `p99 ${api.steady.p99Ms} ms at ${api.steady.rate} req/s ${on}`,
    )}`,
  );
  console.log(
    `  idle resident memory ${kb(api.idleRssBytes)} (budget ${kb(BUDGETS.idleRssBytes)}) ${check(
      api.idleRssBytes < BUDGETS.idleRssBytes,
      `idle RSS ${kb(api.idleRssBytes)} ${on}`,
    )}`,
  );
}

if (runs("mixed")) printMixed(await measureMixed(), check);

const upload = runs("upload") ? await measureUpload() : { bytes: 0, cases: [] };
const [load1] = loadavg();
if (runs("upload"))
  console.log(
    `\nUpload: a ${(upload.bytes / 1024 / 1024).toFixed(0)} MB file checked, encrypted and stored (server time, in-process, ${upload.cases[0]?.upload.runs ?? 0} runs, load average ${load1?.toFixed(1)})`,
  );
for (const { name, budgeted, upload: stored, download } of upload.cases) {
  const verdict = budgeted
    ? check(
        stored.p95Ms < BUDGETS.uploadMs,
        `upload of ${name}: p95 ${stored.p95Ms} ms > ${BUDGETS.uploadMs} ms`,
      )
    : "(reported)";
  console.log(
    `  ${name.padEnd(40)} median ${String(stored.medianMs).padStart(6)} ms  p95 ${String(stored.p95Ms).padStart(6)} ms  budget ${BUDGETS.uploadMs} ms ${verdict}  (CPU median ${stored.cpuMedianMs} ms, download median ${download.medianMs} ms)`,
  );
}

if (runs("search")) printSearch(await measureSearch(), check);

if (runs("binder")) {
  const binder = await measureBinder();
  if (!printBinder(binder))
    failures.push(`binder: median ${binder.withFiles.medianMs} ms > ${BUDGETS.binderMs} ms`);
}

if (runs("lighthouse")) printLighthouse(await measureLighthouse(), check);

console.log(`\nMachine at the end: ${machine()}`);

if (failures.length > 0) {
  console.error(`\nOver budget:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(only.length === 0 ? "\nAll budgets met." : `\nAll budgets of ${only.join(", ")} met.`);
