import fs from "node:fs";
import path from "node:path";

// What the processes of a run use: CPU time and resident memory as /proc tells them (Linux), and the flags that
// make a store write a CPU profile.

/**
 * BENCH_CPU_PROFILE=DIR: the node flags that make a store write a V8 CPU profile of its whole run into DIR,
 * as `<name>.cpuprofile` (read it with scripts/profile-summary.ts); none when the variable is unset.
 */
export function cpuProfileFlags(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
}

/** CPU time (user + system) a process has used, in ms (Linux), or null. */
export function cpuMsOf(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    return parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8")).cpuMs;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_S = 100;

/** A /proc/<pid>/stat line's command name and CPU time (user + system) in ms. */
function parseProcStat(stat: string): { command: string; cpuMs: number } {
  const close = stat.lastIndexOf(") ");
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(close + 2).split(" ");
  return { command: stat.slice(stat.indexOf("(") + 1, close), cpuMs: ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1000 };
}

/**
 * CPU time (user + system) used so far by every PostgreSQL process on this machine (the server's own and
 * its backends), in ms, or null where /proc cannot tell (another system, or a server elsewhere). A backend
 * that exits takes its time with it: read both ends while the connections being measured are open.
 */
export function postgresCpuMs(): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  let seen = false;
  for (const pid of entries) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    const { command, cpuMs } = parseProcStat(stat);
    if (command !== "postgres") continue;
    total += cpuMs;
    seen = true;
  }
  return seen ? total : null;
}

/** The resident memory of a process in bytes (Linux), or null. */
export function rssOf(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
