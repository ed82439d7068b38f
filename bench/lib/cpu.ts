// CPU time used by a process and all its descendants (Linux /proc), for benchmarks that want the server's cost per
// request apart from the load generator's, which shares the machine's cores.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Seconds of CPU (user and system) used so far by `pid` and every process below it; 0 where /proc is missing. */
export function treeCpuSeconds(pid: number): number {
  let ticks = ticksOf(pid);
  for (const child of childrenOf(pid)) ticks += treeCpuSeconds(child) * TICKS_PER_SECOND;
  return ticks / TICKS_PER_SECOND;
}
