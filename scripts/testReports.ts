/**
 * Reads the JSON reports of Vitest and Playwright for `npm test`. A step
 * passes only when its runner exited 0 AND its report shows tests that ran
 * and none that failed: an exit code alone once hid a failing test (a
 * library's exit hook turned Vitest's 1 into 0), and a runner that found no
 * test file exits 0 as well.
 */
import { readFileSync } from 'node:fs';

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Names of failed tests and of errors outside any test (first few). */
  failures: string[];
}

interface VitestReport {
  success?: boolean;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string }>;
  }>;
}

interface PlaywrightSuite {
  title: string;
  specs?: Array<{ title: string; ok: boolean; file?: string }>;
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: Array<{ message?: string }>;
  suites?: PlaywrightSuite[];
}

function vitestCounts(report: VitestReport): TestCounts {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${file.name} > ${test.fullName}`);
    // A file that failed outside its tests (import error, failing hook) has no failed test to name.
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${file.name}: ${firstLine(file.message) || 'failed'}`);
    }
  }
  let failed = report.numFailedTests;
  // Unhandled errors and suite failures leave numFailedTests at 0 but success false.
  if (report.success === false && failed === 0) {
    failed = 1;
    if (failures.length === 0) failures.push('the run reported an error outside the tests');
  }
  return {
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    failures,
  };
}

function playwrightCounts(report: PlaywrightReport): TestCounts {
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) if (!spec.ok) failures.push([...path, spec.title].join(' > '));
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) failures.push(firstLine(error.message) || 'error outside the tests');
  const errors = report.errors?.length ?? 0;
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + errors,
    skipped: report.stats.skipped,
    failures,
  };
}

/** Why a step whose runner exited 0 still fails, or undefined when its report is clean. */
export function reportProblem(counts: TestCounts | undefined): string | undefined {
  if (!counts) return 'no test report was written';
  if (counts.failed > 0) {
    const names = counts.failures.slice(0, 10).map((name) => `\n    ✖ ${name}`);
    return `the report shows ${counts.failed} failed${names.join('')}`;
  }
  if (counts.passed === 0) return 'no test ran';
  return undefined;
}

export function readCounts(file: string, kind: 'vitest' | 'playwright'): TestCounts | undefined {
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  return kind === 'vitest' ? vitestCounts(report as VitestReport) : playwrightCounts(report as PlaywrightReport);
}

function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split('\n')[0]?.slice(0, 200) ?? '';
}
