/**
 * The idle server's resident memory, measured on what `npm start` ends by running: the bundle
 * (dist/server.mjs) with its Node flags, both read from package.json's `serve` script by
 * e2e/support/server.ts, so the bench cannot weigh something else. A fresh data directory, ready,
 * one second idle, then VmRSS.
 */
import { readFileSync } from "node:fs";
import { startServer } from "../e2e/support/server.ts";

const IDLE_MS = 1_000;

function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

export async function idleResidentBytes(env: Record<string, string>): Promise<number> {
  const server = await startServer(env);
  try {
    await new Promise((done) => setTimeout(done, IDLE_MS));
    return residentBytes(server.pid);
  } finally {
    await server.stop();
  }
}
