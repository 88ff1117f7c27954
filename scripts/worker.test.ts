/**
 * `npm run worker` as a process of its own on this file's database: it
 * creates the app's queues and the cleanup schedule, says it runs, and on
 * SIGTERM stops cleanly (exit 0) within the drain bound.
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { appJobs } from '@/backend/jobs';
import { closeDb, db } from '@/db/database';

afterAll(closeDb);

it('starts, registers the queues and the schedule, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: process.env.DATABASE_URL,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      MAIL_TRANSPORT: 'log',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 30_000;
    while (!output.includes('running the app jobs')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const schedules = await db().execute(sql`select name, cron from pgboss.schedule`);
    expect(schedules).toEqual([{ name: 'asset-cleanup', cron: '0 * * * *' }]);
    const queues = await db().execute(sql`select name from pgboss.queue where name not like '__pgboss%' order by name`);
    expect(queues.map((row) => row.name)).toEqual(appJobs.flatMap((job) => [job.name, `${job.name}.dead`]).sort());
    expect(queues.map((row) => row.name)).toContain('asset-images');

    const stopping = Date.now();
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(25_000);
    expect(output).toContain('SIGTERM: draining requests, then stopping');
  } finally {
    // A failed assertion must not leave the worker running after the test.
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

/** The worker's exit code and stderr, started in production with `env` alone. */
async function refusedStart(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  // A worker that started after all must not outlive the test.
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

it('in production, refuses to start without SMTP_URL or MAIL_TRANSPORT (it delivers the mails)', async () => {
  const { code, output } = await refusedStart({ DATABASE_URL: process.env.DATABASE_URL });
  expect(code).toBe(1);
  expect(output).toContain('SMTP_URL or MAIL_TRANSPORT=log');
});

it('names every missing variable at once, and a value it cannot read without a stack trace', async () => {
  const bare = await refusedStart({});
  expect(bare.code).toBe(1);
  expect(bare.output).toContain('DATABASE_URL: missing');
  expect(bare.output).toContain('SMTP_URL or MAIL_TRANSPORT=log');
  const unreadable = await refusedStart({ SESSION_SECRET: 'short', LOG_LEVEL: 'verbose' });
  expect(unreadable.code).toBe(1);
  expect(unreadable.output).toMatch(/^worker: cannot start: Invalid environment variables:\n/);
  expect(unreadable.output).toContain('\n  LOG_LEVEL: ');
  expect(unreadable.output).not.toMatch(/\n\s+at /);
});
