/**
 * What a scaffold run does with one generated file, decided once for the run
 * and for `--dry-run` alike, so the plan names the same step the run then
 * takes: a file the run would leave as it is reads `same`, not `merge`.
 */
import { threeWayMerge } from './threeWayMerge';

export type FileStep = 'create' | 'keep' | 'deleted' | 'same' | 'merge' | 'conflict';

export interface FilePlan {
  step: FileStep;
  /** What the file holds afterwards (create, same, merge, conflict); undefined when the run leaves it alone. */
  text?: string;
  /** Conflict blocks the merge marked (0 unless `conflict`). */
  conflicts: number;
}

/**
 * From the file as it is now, the base (what the previous scaffold wrote, from .generator/) and what the
 * scaffold writes now: a new file is created; one the scaffold never made is kept; one it made and you
 * deleted stays deleted; otherwise the three are merged, and the step says whether that changes the file.
 */
export function planFile(current: string | undefined, base: string | undefined, generated: string): FilePlan {
  if (current === undefined)
    return base === undefined ? { step: 'create', text: generated, conflicts: 0 } : { step: 'deleted', conflicts: 0 };
  if (base === undefined) return { step: 'keep', conflicts: 0 };
  const merged = threeWayMerge(current, base, generated);
  const step = merged.conflicts > 0 ? 'conflict' : merged.text === current ? 'same' : 'merge';
  return { step, text: merged.text, conflicts: merged.conflicts };
}

const NOTES: Partial<Record<FileStep, string>> = {
  keep: ' (exists, not made by the scaffold)',
  deleted: ' (made by the scaffold, deleted since: not brought back)',
};

/** The output line of a file's step, the same in the run and in `--dry-run` (`  same    controllers/...`). */
export function planLine(file: string, step: FileStep): string {
  const word = step === 'conflict' ? 'CONFLICT' : step.padEnd(7);
  return `  ${word} ${file}${NOTES[step] ?? ''}`;
}
