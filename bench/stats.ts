// demo:file (npm run demo:remove deletes this file)
/**
 * The arithmetic of the benchmark report: medians, ratios and the PASS/MISS
 * verdicts printed beside each figure. Pure functions, unit-tested
 * (stats.test.ts); nothing here measures time.
 */

export type Verdict = 'PASS' | 'MISS' | 'INFO' | 'ERROR';

/** The median of `values` (mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return Number.NaN;
  const sorted = [...finite].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `numerator / denominator`, NaN when either is not a positive finite number. */
export function ratio(numerator: number, denominator: number): number {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator <= 0 || numerator < 0) {
    return Number.NaN;
  }
  return numerator / denominator;
}

/**
 * The median of the per-round ratios `a[i] / b[i]`. Rounds are interleaved
 * (a b c d a b c d ...), so pairing each round's figures cancels most of the
 * drift a shared 2-core machine shows between rounds.
 */
export function medianPairedRatio(numerators: readonly number[], denominators: readonly number[]): number {
  const count = Math.min(numerators.length, denominators.length);
  const ratios: number[] = [];
  for (let i = 0; i < count; i++) ratios.push(ratio(numerators[i] as number, denominators[i] as number));
  return median(ratios);
}

/** PASS when `value >= target` (throughput ratios); ERROR when there is no figure. */
export function atLeast(value: number, target: number): Verdict {
  if (!Number.isFinite(value)) return 'ERROR';
  return value >= target ? 'PASS' : 'MISS';
}

/** PASS when `value <= target` (statement counts, time ratios, memory); ERROR when there is no figure. */
export function atMost(value: number, target: number): Verdict {
  if (!Number.isFinite(value)) return 'ERROR';
  return value <= target ? 'PASS' : 'MISS';
}

/** The worst of several verdicts: ERROR > MISS > PASS > INFO. */
export function worst(verdicts: readonly Verdict[]): Verdict {
  const order: Verdict[] = ['ERROR', 'MISS', 'PASS', 'INFO'];
  for (const verdict of order) if (verdicts.includes(verdict)) return verdict;
  return 'INFO';
}

/** A number for a table cell: fixed decimals, thousands separated, `-` when missing. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
