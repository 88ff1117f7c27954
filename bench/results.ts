// demo:file (npm run demo:remove deletes this file)
/**
 * What each scenario reports: rows for the terminal table (one per measured
 * thing, with a verdict against its target) plus the raw figures, all written
 * to bench/results.json (gitignored) at the end of the run.
 */
import { writeFileSync } from 'node:fs';
import type { Verdict } from './stats';

export interface ResultRow {
  /** Scenario number and short name, e.g. `1 index`. */
  scenario: string;
  /** What was measured, e.g. `a/c REST controller vs hand-written route`. */
  item: string;
  /** The figure as printed, e.g. `0.94` or `3 (ctx 1, guard 0)`. */
  value: string;
  /** The target as printed, e.g. `>= 0.90`; `-` for figures without one. */
  target: string;
  verdict: Verdict;
}

export interface ScenarioResult {
  /** 1-6. */
  scenario: number;
  title: string;
  rows: ResultRow[];
  /** The scenario's own detailed table, printed when it finishes. */
  table?: string;
  /** Everything measured, for bench/results.json. */
  figures: unknown;
  /** Explanations printed under the scenario's table (causes of misses, caveats). */
  notes: string[];
  /** Set when the scenario could not run to the end. */
  error?: string;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  mode: 'quick' | 'full';
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; postgres: string; platform: string };
  settings: unknown;
  scenarios: ScenarioResult[];
}

export function writeReport(file: string, report: BenchReport): void {
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
