// demo:file (npm run demo:remove deletes this file)
/**
 * CPU time used by a process tree, from /proc (Linux). On a shared 2-core
 * machine throughput swings with whatever else runs, but the CPU a server
 * spends per request barely does: the bench reports both, and the CPU figure
 * is the steadier cross-check of the throughput ratios.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    ticksPerSecond = Number(result.stdout.trim()) || 100;
  }
  return ticksPerSecond;
}

function readStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // `pid (comm) state ppid ...`: comm may contain spaces and parentheses; fields follow the last ')'.
      const close = text.lastIndexOf(')');
      const fields = text.slice(close + 2).split(' ');
      stats.push({
        pid: Number(entry),
        comm: text.slice(text.indexOf('(') + 1, close),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended while we listed /proc.
    }
  }
  return stats;
}

/**
 * CPU seconds used so far by `rootPid` and its live descendants whose command
 * name passes `keep` (all by default); null where /proc is unavailable.
 */
export function treeCpuSeconds(rootPid: number, keep: (comm: string) => boolean = () => true): number | null {
  let stats: ProcStat[];
  try {
    stats = readStats();
  } catch {
    return null;
  }
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const root = stats.find((stat) => stat.pid === rootPid);
  if (!root) return null;
  let ticks = 0;
  const queue = [root];
  for (let stat = queue.shift(); stat; stat = queue.shift()) {
    if (keep(stat.comm)) ticks += stat.ticks;
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return ticks / clockTicks();
}
