/**
 * The test gate tests itself: real Vitest and Playwright runs, started as
 * child processes on fixtures (scripts/testGate/) that fail on purpose, must
 * exit non-zero and write reports that scripts/test.ts reads as failed, with
 * the embedded database and with DATABASE_URL alike. A gate that was never
 * seen failing proves nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { readCounts, reportProblem } from './testReports';

interface Run {
  code: number | null;
  output: string;
  report: string;
}

/** Runs a tool from node_modules/.bin; `command` gets the path its JSON report must be written to. */
function run(command: (report: string) => string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'test-gate-'));
  const report = path.join(dir, 'report.json');
  const childEnv: NodeJS.ProcessEnv = { ...env, GATE_REPORT: report, GATE_OUTPUT_DIR: path.join(dir, 'out') };
  // Vitest marks its own workers; a nested run must not think it is one.
  for (const key of Object.keys(childEnv)) if (key.startsWith('VITEST') || key === 'TEST') delete childEnv[key];
  const [bin = '', ...args] = command(report);
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules', '.bin', bin), args, { env: childEnv });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, report }));
  });
}

/** The environment of one database mode: embedded (no DATABASE_URL) or this run's server. */
function envFor(mode: 'embedded' | 'DATABASE_URL'): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  if (mode === 'embedded') delete env.DATABASE_URL;
  else env.DATABASE_URL = inject('pgServerUrl');
  return env;
}

function runVitest(mode: 'embedded' | 'DATABASE_URL', files: string[], extra: string[] = []): Promise<Run> {
  const config = ['--config', 'scripts/testGate/vitest.gate.config.ts'];
  const reporters = (report: string) => ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return run((report) => ['vitest', 'run', ...config, ...reporters(report), ...extra, ...files], envFor(mode));
}

describe.each(['embedded', 'DATABASE_URL'] as const)('Vitest with the %s database', (mode) => {
  it('a failing test exits non-zero, and the report names it', async () => {
    const result = await runVitest(mode, ['scripts/testGate/failing.gate.ts']);
    expect(result.code, result.output).not.toBe(0);
    const counts = readCounts(result.report, 'vitest');
    expect(counts).toMatchObject({ passed: 1, failed: 1 });
    expect(reportProblem(counts)).toContain('gate fixture fails on purpose');
  }, 60_000);

  it('an unhandled error exits non-zero though every test passed', async () => {
    const result = await runVitest(mode, ['scripts/testGate/unhandled.gate.ts']);
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toContain('gate fixture: unhandled on purpose');
    // Vitest's JSON report does not record unhandled errors (`success` stays
    // true): here the exit code is the whole gate, which is why both count.
    expect(readCounts(result.report, 'vitest')).toMatchObject({ passed: 1, failed: 0 });
  }, 60_000);
});

describe('Vitest passing and empty runs', () => {
  it('the passing test alone exits 0 with a clean report', async () => {
    const result = await runVitest('DATABASE_URL', ['scripts/testGate/failing.gate.ts'], ['-t', 'passes']);
    expect(result.code, result.output).toBe(0);
    expect(reportProblem(readCounts(result.report, 'vitest'))).toBeUndefined();
  }, 60_000);

  it('a run that finds no test is a failure for the gate', async () => {
    const result = await runVitest('DATABASE_URL', ['scripts/testGate/no-such-file'], ['--passWithNoTests']);
    expect(reportProblem(readCounts(result.report, 'vitest'))).toBe('no test ran');
  }, 60_000);
});

describe('Playwright', () => {
  it('a failing browser test exits non-zero, and the report names it', async () => {
    const config = 'scripts/testGate/playwright.gate.config.ts';
    const result = await run(() => ['playwright', 'test', '--config', config], process.env);
    expect(result.code, result.output).not.toBe(0);
    const counts = readCounts(result.report, 'playwright');
    expect(counts).toMatchObject({ passed: 0, failed: 1 });
    expect(reportProblem(counts)).toContain('gate fixture fails in the browser');
  }, 60_000);
});
