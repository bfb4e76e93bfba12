import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { threadsOf } from "./testing/thread-nice.ts";
import { BACKGROUND_NICE_STEPS } from "./thread-priority.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "kinfile-threads-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const MODULE = path.join(import.meta.dirname, "thread-priority.ts");

/** A process that lowers its threads, then starts a worker thread that lowers itself, and waits. */
const PROCESS = `
import { Worker } from "node:worker_threads";
import { lowerBackgroundThreads } from ${JSON.stringify(MODULE)};
await lowerBackgroundThreads();
const worker = new Worker(${JSON.stringify(path.join(scratch, "worker.mjs"))});
worker.once("message", (tid) => process.stdout.write(tid + "\\n"));
process.stdin.once("data", () => process.exit(0));
`;
const WORKER = `
import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { lowerThisThread } from ${JSON.stringify(MODULE)};
lowerThisThread();
parentPort.postMessage(Number(readlinkSync("/proc/thread-self").split("/").pop()));
setInterval(() => {}, 1000);
`;

describe.skipIf(process.platform !== "linux")("the threads' priority", () => {
  it("puts every thread but the event loop's below it, a worker thread started later included", async () => {
    writeFileSync(path.join(scratch, "process.mjs"), PROCESS);
    writeFileSync(path.join(scratch, "worker.mjs"), WORKER);
    const child = spawn(process.execPath, [path.join(scratch, "process.mjs")], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    try {
      const workerTid = await new Promise<number>((done) =>
        child.stdout.once("data", (line) => done(Number(line))),
      );
      const threads = threadsOf(child.pid ?? 0);
      const loop = getPriority(0);
      const lowered = Math.min(19, loop + BACKGROUND_NICE_STEPS);
      expect(threads.find(({ tid }) => tid === child.pid)?.nice).toBe(loop);
      expect(threads.find(({ tid }) => tid === workerTid)?.nice).toBe(lowered);
      const others = threads.filter(({ tid }) => tid !== child.pid);
      expect(others.map(({ name }) => name)).toContain("libuv-worker");
      expect(others.filter(({ nice }) => nice !== lowered)).toEqual([]);
    } finally {
      child.stdin.end("stop");
      await new Promise((done) => child.once("exit", done));
    }
  });
});
