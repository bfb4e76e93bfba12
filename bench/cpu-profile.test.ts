import { describe, expect, it } from "vitest";
import { type CpuProfile, selfTimes } from "./cpu-profile.ts";

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

/** Samples land on nodes 2, 3, 3, 4, 2; each sample's interval is the delta after it. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", "") },
    { id: 2, callFrame: frame("listRecords", "file:///repo/dist/server.mjs", 9) },
    { id: 3, callFrame: frame("writev", "") },
    { id: 4, callFrame: frame("", "node:internal/streams/writable", 99) },
  ],
  samples: [2, 3, 3, 4, 2],
  timeDeltas: [5000, 1000, 3000, 2000, 4000],
};

describe("CPU profile self times", () => {
  it("gives each sample the interval after it and sums by function and by file", () => {
    const times = selfTimes(profile, { root: "/repo" });
    expect(times.totalMs).toBe(10);
    expect(times.functions).toEqual([
      { name: "writev", ms: 5, share: 0.5 },
      { name: "(anonymous) node:internal/streams/writable:100", ms: 4, share: 0.4 },
      { name: "listRecords dist/server.mjs:10", ms: 1, share: 0.1 },
    ]);
    expect(times.files.map(({ name, ms }) => [name, ms])).toEqual([
      ["(native)", 5],
      ["node:internal/streams/writable", 4],
      ["dist/server.mjs", 1],
    ]);
  });

  it("keeps the longest entries only", () => {
    expect(selfTimes(profile, { limit: 1 }).functions.map(({ name }) => name)).toEqual(["writev"]);
  });
});
