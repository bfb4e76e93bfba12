import { getPriority } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runModuleScript } from "./testing/module-script.ts";
import type { ThreadNice } from "./testing/thread-nice.ts";
import { backgroundNice } from "./thread-priority.ts";

const MODULE = JSON.stringify(path.join(import.meta.dirname, "thread-priority.ts"));
const THREADS = JSON.stringify(path.join(import.meta.dirname, "testing", "thread-nice.ts"));

/** A worker thread that lowers itself, answers its TID and stays, so that its nice can be read. */
const WORKER = `
import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { lowerThisThread } from ${MODULE};
lowerThisThread();
parentPort.postMessage(Number(readlinkSync("/proc/thread-self").split("/").pop()));
setInterval(() => {}, 1000);
`;

/** A process that lowers its threads, then starts a worker thread, and prints each thread's nice. */
const PROCESS = `
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { lowerBackgroundThreads } from ${MODULE};
import { threadsOf } from ${THREADS};
await lowerBackgroundThreads();
const [workerTid] = await once(new Worker(${JSON.stringify(WORKER)}, { eval: true }), "message");
process.stdout.write(JSON.stringify({ pid: process.pid, workerTid, threads: threadsOf(process.pid) }));
process.exit(0);
`;

describe.skipIf(process.platform !== "linux")("the threads' priority", () => {
  it("puts every thread but the event loop's below it, a worker thread started later included", async () => {
    const { pid, workerTid, threads } = JSON.parse(await runModuleScript(PROCESS)) as {
      pid: number;
      workerTid: number;
      threads: ThreadNice[];
    };
    const loop = getPriority(0);
    const lowered = backgroundNice(loop);
    expect(threads.find(({ tid }) => tid === pid)?.nice).toBe(loop);
    expect(threads.find(({ tid }) => tid === workerTid)?.nice).toBe(lowered);
    const others = threads.filter(({ tid }) => tid !== pid);
    expect(others.map(({ name }) => name)).toContain("libuv-worker");
    expect(others.filter(({ nice }) => nice !== lowered)).toEqual([]);
  });
});
