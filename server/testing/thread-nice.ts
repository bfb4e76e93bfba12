import { readdirSync, readFileSync } from "node:fs";

export type ThreadNice = { tid: number; name: string; nice: number };

/** Each thread of a process with its nice value, as Linux's /proc tells (stat's 19th field). */
export function threadsOf(pid: number): ThreadNice[] {
  const tasks = `/proc/${pid}/task`;
  return readdirSync(tasks).map((entry) => {
    const stat = readFileSync(`${tasks}/${entry}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      tid: Number(entry),
      name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
      nice: Number(fields[16]),
    };
  });
}
