/**
 * Starts the real Kinfile server as `npm start` ends by running it (package.json's `serve`: the
 * bundle dist/server.mjs with its Node flags) as a child process on a fresh data directory and a
 * free port, and waits until /readyz answers. The browser tests, the bundle smoke suite and the
 * benchmarks all use it, so they exercise and measure exactly what ships; it needs `npm run build`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export type RunningServer = {
  url: string;
  pid: number;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far (for failure reports). */
  output: () => string;
  stop: () => Promise<void>;
};

const repoRoot = resolve(import.meta.dirname, "../..");

/**
 * `node <flags> <bundle>` from package.json, checked to be what `npm start` runs after building:
 * the arguments to give process.execPath (the project's Node 24).
 */
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

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the built server on a free port of 127.0.0.1. `publicHost: "localhost"` names it by a
 * domain, as passkeys need (a WebAuthn relying party cannot be an IP address). `appDir` is the
 * folder holding dist/ (the repository unless said otherwise: the smoke suite's deployment).
 * `nodeFlags` go before the bundle, after package.json's own (the benchmarks' probes and profiles).
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    publicHost = "127.0.0.1",
    appDir = repoRoot,
    nodeFlags = [],
  }: { publicHost?: "127.0.0.1" | "localhost"; appDir?: string; nodeFlags?: readonly string[] } = {},
): Promise<RunningServer> {
  const command = productionCommand();
  const bundle = command.at(-1) ?? "";
  if (!existsSync(join(appDir, bundle))) {
    throw new Error(`${join(appDir, bundle)} is missing: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "kinfile-run-"));
  const url = `http://${publicHost}:${port}`;
  const child = spawn(process.execPath, [...command.slice(0, -1), ...nodeFlags, bundle], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      // Journeys sign in many times from one address; the limits have their own API tests.
      AUTH_RATE_LIMIT_MAX: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, child, () => output);
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not become ready within 30 s:\n${output()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
