/** The machine a figure was taken on, said beside it: figures move with the machine and its load. */
import { cpus, loadavg } from "node:os";

export function machine(): string {
  const [one, five, fifteen] = loadavg().map((load) => load.toFixed(1));
  return `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} cores, load average ${one} ${five} ${fifteen} (1, 5, 15 min)`;
}
