// demo:file (npm run demo:remove deletes this file)
/**
 * Resident memory of a process and all its descendants (Linux /proc): what
 * `next start` holds, its workers included.
 */
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces: the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** `rootPid` and its descendants; null when /proc is unavailable. */
function treePids(rootPid: number): number[] | null {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Megabytes resident in `rootPid` and its descendants; null when /proc is unavailable. */
export function treeRssMb(rootPid: number): number | null {
  const pids = treePids(rootPid);
  return pids === null ? null : pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
}

/** Sends `signal` to the tree (SIGSTOP / SIGCONT); processes gone meanwhile are skipped. */
export function signalTree(rootPid: number, signal: NodeJS.Signals): void {
  for (const pid of treePids(rootPid) ?? [rootPid]) {
    try {
      process.kill(pid, signal);
    } catch {}
  }
}
