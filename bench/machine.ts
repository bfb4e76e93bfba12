/** The machine a figure was taken on, said beside it: figures move with the machine and its load. */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

export function machine(): string {
  const [one, five, fifteen] = loadavg().map((load) => load.toFixed(1));
  return `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} cores, load average ${one} ${five} ${fifteen} (1, 5, 15 min)`;
}

/** The whole machine's CPU time so far, in clock ticks, as Linux counts it; undefined elsewhere. */
export type CpuTicks = { busy: number; iowait: number; steal: number; total: number };

export function cpuTicks(): CpuTicks | undefined {
  let line: string | undefined;
  try {
    line = readFileSync("/proc/stat", "utf8").split("\n")[0];
  } catch {
    return undefined;
  }
  // cpu user nice system idle iowait irq softirq steal
  const [user, nice, system, idle, iowait, irq, softirq, steal] = (line ?? "")
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  if (steal === undefined || Number.isNaN(steal)) return undefined;
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0);
  return { busy, iowait: iowait ?? 0, steal, total: busy + (idle ?? 0) + (iowait ?? 0) + steal };
}

/**
 * What the whole machine did between two readings: the cores its processes kept busy (server,
 * load generator and database together), and the share of its time spent waiting for the disk or
 * taken by the hypervisor for other guests, both of which stretch latencies the server cannot help.
 */
export function machineShare(from: CpuTicks | undefined, to: CpuTicks | undefined): string {
  if (from === undefined || to === undefined || to.total <= from.total) return "not known on this system";
  const total = to.total - from.total;
  const share = (key: keyof CpuTicks) => (to[key] - from[key]) / total;
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  return `${(share("busy") * cpus().length).toFixed(2)} of ${cpus().length} cores busy, waiting for the disk ${percent(share("iowait"))}, stolen by the hypervisor ${percent(share("steal"))}`;
}

/**
 * How many times Linux has taken a process's main thread (its event loop) off its core while it
 * could still run, to run another task (a woken client or database process); undefined elsewhere.
 */
export function preemptionsOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8");
    const count = /^nonvoluntary_ctxt_switches:\s+(\d+)$/m.exec(status)?.[1];
    return count === undefined ? undefined : Number(count);
  } catch {
    return undefined;
  }
}
