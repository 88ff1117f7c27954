/**
 * `npm run jobs` as an operator runs it, a process of its own on this file's
 * database: once the app's runner has made pg-boss's tables, it lists the
 * queues and the cleanup schedule and exits 0.
 */
import { spawn } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { startAppJobs } from '@/backend/jobs';
import { closeDb } from '@/db/database';
import { currentJobRunner } from '@/server';

afterAll(async () => {
  await currentJobRunner()?.stop();
  await closeDb();
});

it('prints the queues and the next cleanup run', { timeout: 60_000 }, async () => {
  // What a web instance with JOBS_IN_APP=false does at start: the queues and the schedule exist.
  await startAppJobs({ work: false });
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts'], {
    env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: 'production' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  expect(output).toContain('Queues');
  expect(output).toMatch(/asset-cleanup\s+0 \* \* \* \* \(UTC\), next /);
  expect(code, output).toBe(0);
});
