/**
 * Three-way merge of a generated file: the user's version, what the
 * generator wrote last time (the base), and what it writes now. `git
 * merge-file` (on every machine with git) does the work and marks conflicts
 * with the standard `<<<<<<<` / `=======` / `>>>>>>>` lines.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface MergeResult {
  text: string;
  conflicts: number;
}

export function threeWayMerge(yours: string, base: string, generated: string): MergeResult {
  if (yours === base) return { text: generated, conflicts: 0 };
  if (generated === base || generated === yours) return { text: yours, conflicts: 0 };
  const dir = mkdtempSync(path.join(tmpdir(), 'merge-'));
  try {
    const [y, b, g] = ['yours', 'base', 'generated'].map((name) => path.join(dir, name)) as [string, string, string];
    writeFileSync(y, yours);
    writeFileSync(b, base);
    writeFileSync(g, generated);
    try {
      const text = execFileSync('git', ['merge-file', '-p', '-L', 'yours', '-L', 'base', '-L', 'generated', y, b, g], {
        encoding: 'utf8',
      });
      return { text, conflicts: 0 };
    } catch (error) {
      // Exit status = number of conflicts (the merged text, with markers, is on stdout).
      const failed = error as { status?: number; stdout?: string };
      if (typeof failed.status === 'number' && failed.status > 0 && typeof failed.stdout === 'string')
        return { text: failed.stdout, conflicts: failed.status };
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
