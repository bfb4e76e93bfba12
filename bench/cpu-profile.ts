/**
 * Where a V8 CPU profile (.cpuprofile, as `--cpu-prof` or the inspector's Profiler writes it) says
 * the time went: each sample's interval given to the function it was in (self time), summed by
 * function and by file. Samples of the idle thread are not time spent, so they are left out.
 */

type CallFrame = { functionName: string; url: string; lineNumber: number };
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame; hitCount?: number }[];
  samples: number[];
  timeDeltas: number[];
};
/** A profile as V8 writes it: its times in microseconds of the monotonic clock (process.hrtime's). */
export type TimedCpuProfile = CpuProfile & { startTime: number; endTime: number };
export type SelfTime = { name: string; ms: number; share: number };

/** A file's address as it reads best: relative to `root` when under it, node: and bundles by name. */
function fileOf(url: string, root: string): string {
  if (url === "") return "(native)";
  const path = url.startsWith("file://") ? decodeURIComponent(url.slice("file://".length)) : url;
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

function top(totals: Map<string, number>, all: number, limit: number): SelfTime[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, share: all === 0 ? 0 : us / all }));
}

/**
 * The `limit` functions and files with the most self time. A sample's interval is the delta that
 * follows it (V8 stamps each sample with the time since the one before), so the last has none.
 */
export function selfTimes(
  profile: CpuProfile,
  { root = "", limit = 15 }: { root?: string; limit?: number } = {},
): { totalMs: number; functions: SelfTime[]; files: SelfTime[] } {
  const frames = new Map(profile.nodes.map(({ id, callFrame }) => [id, callFrame]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const us = profile.timeDeltas[index + 1] ?? 0;
    const frame = frames.get(id);
    if (frame === undefined || us <= 0 || frame.functionName === "(idle)") return;
    const file = fileOf(frame.url, root);
    // V8's own entries are named in parentheses, "(garbage collector)"; native functions have no file.
    const name = frame.functionName.startsWith("(")
      ? frame.functionName
      : `${frame.functionName || "(anonymous)"} ${frame.url === "" ? file : `${file}:${frame.lineNumber + 1}`}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    all += us;
  });
  return {
    totalMs: Math.round(all / 100) / 10,
    functions: top(byFunction, all, limit),
    files: top(byFile, all, limit),
  };
}

/**
 * The part of a profile from `fromUs` on: the samples taken since, the first one's delta counted
 * from `fromUs`, and each node's hit count as those samples give it.
 */
export function profileSince(profile: TimedCpuProfile, fromUs: number): TimedCpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  let previous = fromUs;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < fromUs) return;
    samples.push(id);
    timeDeltas.push(at - previous);
    previous = at;
  });
  const hits = new Map<number, number>();
  for (const id of samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  return {
    ...profile,
    nodes: profile.nodes.map((node) => ({ ...node, hitCount: hits.get(node.id) ?? 0 })),
    samples,
    timeDeltas,
    startTime: Math.max(profile.startTime, fromUs),
  };
}
