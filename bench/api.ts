/**
 * API load figures: Kinfile's measured route against a bare Fastify route doing the same query,
 * both at full speed (throughput ratio) and Kinfile at a steady rate (p99 latency), plus the idle
 * server's resident memory. Everything runs on loopback, bounded in time.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { freePort, startServer } from "../e2e/support/server.ts";

export type LoadResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number };
export type ApiFigures = {
  route: string;
  kinfile: LoadResult;
  bare: LoadResult;
  ratio: number;
  steady: LoadResult & { rate: number };
  idleRssBytes: number;
};

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

async function load(url: string, options: { overallRate?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

async function startBare(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [resolve(import.meta.dirname, "bare-server.ts")], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((done, fail) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) done();
    });
    child.once("exit", (code) => fail(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function measureApi(): Promise<ApiFigures> {
  const route = "/readyz";
  const server = await startServer({ NODE_ENV: "production", LOG_LEVEL: "warn" });
  const bare = await startBare();
  try {
    await new Promise((done) => setTimeout(done, 1_000));
    const idleRssBytes = residentBytes(server.pid);
    await load(`${server.url}${route}`); // warm-up: JIT and statement cache
    const kinfile = await load(`${server.url}${route}`);
    await load(`${bare.url}${route}`);
    const bareResult = await load(`${bare.url}${route}`);
    const steadyRate = 500;
    const steady = await load(`${server.url}${route}`, { overallRate: steadyRate });
    return {
      route,
      kinfile,
      bare: bareResult,
      ratio: kinfile.requestsPerSecond / bareResult.requestsPerSecond,
      steady: { ...steady, rate: steadyRate },
      idleRssBytes,
    };
  } finally {
    await bare.stop();
    await server.stop();
  }
}
