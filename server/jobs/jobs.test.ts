/**
 * The job runner on real PostgreSQL (pg-boss in this file's database):
 * transactional enqueue, retries with backoff into the dead-letter queue,
 * the status operators read, and shutdown waiting for a running job.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetShutdownForTests, shutdown } from '../lifecycle/shutdown';
import { configureLogger } from '../log/logger';
import { db, transaction } from '../model/connection';
import { closeTestDatabase } from '../testing/testDatabase';
import { defineJob } from './defineJob';
import { enqueue } from './enqueue';
import { jobsStatus } from './jobsStatus';
import { type JobRunner, startJobs } from './startJobs';

const ran: string[] = [];
const logged: Array<Record<string, unknown>> = [];

const record = defineJob({
  name: 'record',
  payload: z.object({ note: z.string() }),
  async handler({ note }) {
    ran.push(note);
  },
});
let failures = 0;
const failedAt: number[] = [];
const flaky = defineJob({
  name: 'flaky',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  async handler() {
    failures += 1;
    failedAt.push(Date.now());
    throw new Error(`boom ${failures}`);
  },
});
let slowFinished = false;
const slow = defineJob({
  name: 'slow',
  payload: z.object({}),
  async handler() {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    slowFinished = true;
  },
});

let runner: JobRunner;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  configureLogger(pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) }));
  resetShutdownForTests();
  // biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
  const connectionString = process.env.DATABASE_URL as string;
  runner = await startJobs({ connectionString, jobs: [record, flaky, slow], pollingIntervalSeconds: 0.5 });
  await db().execute(sql`create table notes (id serial primary key, body text not null)`);
});
afterAll(async () => {
  await runner?.stop();
  await closeTestDatabase();
});

describe('enqueue', () => {
  it('outside a transaction: the job runs', async () => {
    await enqueue(record, { note: 'plain' });
    await until(() => ran.includes('plain'), 10_000, 'the job');
  });

  it('inside a transaction: runs once committed, never when rolled back', async () => {
    await transaction(async () => {
      await db().execute(sql`insert into notes (body) values ('kept')`);
      await enqueue(record, { note: 'committed' });
    });
    await expect(
      transaction(async () => {
        await db().execute(sql`insert into notes (body) values ('lost')`);
        await enqueue(record, { note: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await until(() => ran.includes('committed'), 10_000, 'the committed job');
    // Jobs are fetched in order: had the rolled-back one existed, it would have run by the next one.
    await enqueue(record, { note: 'after' });
    await until(() => ran.includes('after'), 10_000, 'the job after');
    expect(ran).not.toContain('rolled back');
    const rows = await runner.boss
      .getDb()
      .executeSql(`select count(*)::int as n from pgboss.job where data->>'note' = 'rolled back'`, []);
    expect(rows.rows).toEqual([{ n: 0 }]);
    expect(await db().execute(sql`select body from notes`)).toEqual([{ body: 'kept' }]);
  });

  it('refuses a payload its schema refuses, before anything is written', async () => {
    await expect(enqueue(record, { note: 42 } as never)).rejects.toThrow();
    expect((await jobsStatus()).queues.find((queue) => queue.name === 'record')?.counts.created ?? 0).toBe(0);
  });
});

describe('a failing job', () => {
  it('retries with backoff, then lands in failed with a copy in its dead-letter queue; the error is logged and shown', async () => {
    const id = await enqueue(flaky, {});
    await until(async () => (await runner.boss.getJobById('flaky', String(id)))?.state === 'failed', 20_000, 'failed');
    const job = await runner.boss.getJobById('flaky', String(id));
    expect(job?.retryCount).toBe(2);
    expect(failures).toBe(3);
    // Backoff from a 1 s delay: the first retry waits 1-2 s, the second 2-4 s (a fixed delay would be 1 s each).
    const [first = 0, second = 0, third = 0] = failedAt;
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1_900);
    const status = await jobsStatus();
    expect(status.queues.find((queue) => queue.name === 'flaky')?.counts.failed).toBe(1);
    expect(status.queues.find((queue) => queue.name === 'flaky.dead')?.counts.created).toBe(1);
    expect(status.failures[0]).toMatchObject({ queue: 'flaky', id, attempts: 3, error: 'boom 3' });
    expect(logged.filter((line) => line.msg === 'job failed').map((line) => line.attempt)).toEqual([1, 2, 3]);
  });
});

describe('shutdown', () => {
  it('waits for the running job, then stops the runner', async () => {
    await enqueue(slow, {});
    await until(
      async () => (await jobsStatus()).queues.find((q) => q.name === 'slow')?.counts.active === 1,
      10_000,
      'the slow job to start',
    );
    const result = await shutdown({ drainTimeoutMs: 1_000 });
    expect(slowFinished).toBe(true);
    expect(result.failed).toEqual([]);
  });
});
