/**
 * The idle server's resident memory, measured on what `npm start` ends by running: the bundle
 * (dist/server.mjs) with its Node flags, both read from package.json's `serve` script so the bench
 * cannot weigh something else. A fresh data directory, ready, one second idle, then VmRSS.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../e2e/support/server.ts";

const repoRoot = resolve(import.meta.dirname, "..");
const READY_WITHIN_MS = 30_000;
const IDLE_MS = 1_000;

/** `node <flags> <bundle>` from package.json, checked to be what `npm start` runs after building. */
export function productionCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const serve = scripts.serve ?? "";
  if (!scripts.start?.endsWith(`&& ${serve}`)) {
    throw new Error(`package.json: "start" must end by running "serve" (${serve}) after building`);
  }
  const [program, ...args] = serve.split(/\s+/);
  if (program !== "node") throw new Error(`package.json: "serve" must run node, not ${program}`);
  return args;
}

function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

export async function idleResidentBytes(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "kinfile-idle-"));
  const child = spawn(process.execPath, productionCommand(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((done) => child.once("exit", done));
  try {
    const deadline = Date.now() + READY_WITHIN_MS;
    while (
      !(await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`the server was not ready within ${READY_WITHIN_MS} ms`);
      await new Promise((done) => setTimeout(done, 100));
    }
    await new Promise((done) => setTimeout(done, IDLE_MS));
    return residentBytes(child.pid ?? 0);
  } finally {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
