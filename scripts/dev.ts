/**
 * npm run dev: the API server under `node --watch` (restarts when a server file changes) and
 * Vite's dev server (hot reload; it proxies /api to the server) side by side. Ctrl-C stops both;
 * if either stops on its own, the other is stopped too.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? "development",
  // Pages are opened through Vite in development, so emailed links and the trusted origin point there.
  PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173",
};

const children: ChildProcess[] = [
  spawn(process.execPath, ["--watch", "--watch-preserve-output", "server/main.ts"], {
    cwd: root,
    env,
    stdio: "inherit",
  }),
  spawn(process.execPath, [path.join(root, "node_modules", "vite", "bin", "vite.js")], {
    cwd: root,
    env,
    stdio: "inherit",
  }),
];

let stopping = false;

function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
}

for (const child of children) {
  child.on("exit", (code) => stopAll(code ?? 0));
  child.on("error", (error) => {
    process.stderr.write(`dev: ${error.message}\n`);
    stopAll(1);
  });
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
