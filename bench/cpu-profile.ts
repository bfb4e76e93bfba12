/**
 * Where a V8 CPU profile (.cpuprofile, as `--cpu-prof` or the inspector's Profiler writes it) says
 * the time went: each sample's interval given to the function it was in (self time), summed by
 * function and by file. Samples of the idle thread are not time spent, so they are left out.
 */

type CallFrame = { functionName: string; url: string; lineNumber: number };
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
};
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
