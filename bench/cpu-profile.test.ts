import { describe, expect, it } from "vitest";
import { type CpuProfile, profileSince, selfTimes } from "./cpu-profile.ts";

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

/** Each sample's interval is the delta after it: 1, 3, 2, 4, 2, 9 (idle, left out), 8 ms, none. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", "") },
    { id: 2, callFrame: frame("listRecords", "file:///repo/dist/server.mjs", 9) },
    { id: 3, callFrame: frame("writev", "") },
    { id: 4, callFrame: frame("", "node:internal/streams/writable", 99) },
    { id: 5, callFrame: frame("(idle)", "") },
    { id: 6, callFrame: frame("(garbage collector)", "") },
  ],
  samples: [2, 3, 3, 4, 2, 5, 6, 1],
  timeDeltas: [5000, 1000, 3000, 2000, 4000, 2000, 9000, 8000],
};

describe("CPU profile self times", () => {
  it("gives each sample the interval after it and sums by function and by file, idle left out", () => {
    const times = selfTimes(profile, { root: "/repo" });
    expect(times.totalMs).toBe(20);
    expect(times.functions).toEqual([
      { name: "(garbage collector)", ms: 8, share: 0.4 },
      { name: "writev (native)", ms: 5, share: 0.25 },
      { name: "(anonymous) node:internal/streams/writable:100", ms: 4, share: 0.2 },
      { name: "listRecords dist/server.mjs:10", ms: 3, share: 0.15 },
    ]);
    expect(times.files.map(({ name, ms }) => [name, ms])).toEqual([
      ["(native)", 13],
      ["node:internal/streams/writable", 4],
      ["dist/server.mjs", 3],
    ]);
  });

  it("keeps the longest entries only", () => {
    expect(selfTimes(profile, { limit: 1 }).functions.map(({ name }) => name)).toEqual([
      "(garbage collector)",
    ]);
  });

  it("cuts a profile to the samples from a time on, their first interval counted from it", () => {
    const since = profileSince({ ...profile, startTime: 1_000_000, endTime: 1_040_000 }, 1_009_500);
    // The samples fall at 1,005,000 then 1,006,000, 1,009,000, 1,011,000, 1,015,000 and on.
    expect(since.samples).toEqual([4, 2, 5, 6, 1]);
    expect(since.timeDeltas).toEqual([1500, 4000, 2000, 9000, 8000]);
    expect(since.startTime).toBe(1_009_500);
    expect(since.nodes.find(({ id }) => id === 3)?.hitCount).toBe(0);
    expect(since.nodes.find(({ id }) => id === 2)?.hitCount).toBe(1);
    expect(selfTimes(since).totalMs).toBe(14);
  });
});
