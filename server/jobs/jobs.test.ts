/**
 * The job runner on real PostgreSQL (pg-boss in this file's database):
 * transactional enqueue, retries with backoff into the dead-letter queue,
 * permanent failures and `onFailure`, batches run at the queue's
 * concurrency, an enqueue waking an idle queue, the status operators read,
 * and shutdown waiting for a running job.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetShutdownForTests, shutdown } from '../lifecycle/shutdown';
import { configureLogger } from '../log/logger';
import { db, transaction } from '../model/connection';
import { closeTestDatabase } from '../testing/testDatabase';
import { until } from '../testing/until';
import { defineJob } from './defineJob';
import { enqueue } from './enqueue';
import { jobsStatus } from './jobsStatus';
import { PermanentJobError } from './PermanentJobError';
import { createJobRunner, type JobRunner, startJobs } from './startJobs';

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
  async onFailure(_payload, error) {
    gaveUp.push(`flaky: ${(error as Error).message}`);
  },
});
const gaveUp: string[] = [];
let hopelessRuns = 0;
const hopeless = defineJob({
  name: 'hopeless',
  payload: z.object({ file: z.string() }),
  retry: { limit: 5, delaySeconds: 1 },
  async handler({ file }) {
    hopelessRuns += 1;
    throw new PermanentJobError(`${file} cannot be decoded`);
  },
  async onFailure({ file }, error) {
    gaveUp.push(`hopeless ${file}: ${(error as Error).message}`);
  },
});
let strictRuns = 0;
const strict = defineJob({
  name: 'strict',
  payload: z.object({ count: z.number() }),
  retry: { limit: 5, delaySeconds: 1 },
  async handler() {
    strictRuns += 1;
  },
  async onFailure() {
    gaveUp.push('strict');
  },
});
let running = 0;
let mostAtOnce = 0;
const batchedStarts: number[] = [];
const batched = defineJob({
  name: 'batched',
  payload: z.object({}),
  concurrency: 5,
  async handler() {
    batchedStarts.push(Date.now());
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 300));
    running -= 1;
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

beforeAll(async () => {
  configureLogger(pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) }));
  resetShutdownForTests();
  // biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
  const connectionString = process.env.DATABASE_URL as string;
  // The default polling interval: what an enqueue in this process does not wait for.
  runner = await startJobs({
    connectionString,
    jobs: [record, flaky, hopeless, strict, batched, slow],
    pollingIntervalSeconds: 2,
  });
  // Not `notes`: the README's recipe gives the app a `notes` table, and this database is the app's, migrated.
  await db().execute(sql`create table job_notes (id serial primary key, body text not null)`);
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
      await db().execute(sql`insert into job_notes (body) values ('kept')`);
      await enqueue(record, { note: 'committed' });
    });
    await expect(
      transaction(async () => {
        await db().execute(sql`insert into job_notes (body) values ('lost')`);
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
    expect(await db().execute(sql`select body from job_notes`)).toEqual([{ body: 'kept' }]);
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
    // onFailure once, after the last attempt only.
    expect(gaveUp).toEqual(['flaky: boom 3']);
  });

  it('a PermanentJobError fails it at once, without the remaining retries, and calls onFailure once', async () => {
    const id = await enqueue(hopeless, { file: 'logo.png' });
    await until(
      async () => (await runner.boss.getJobById('hopeless', String(id)))?.state === 'failed',
      10_000,
      'failed',
    );
    // Its retry delay is 1 s: a retry would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(hopelessRuns).toBe(1);
    expect(gaveUp).toContain('hopeless logo.png: logo.png cannot be decoded');
    expect(gaveUp.filter((line) => line.startsWith('hopeless'))).toHaveLength(1);
    const status = await jobsStatus();
    expect(status.queues.find((queue) => queue.name === 'hopeless.dead')?.counts.created).toBe(1);
    expect(status.failures.find((failure) => failure.id === id)).toMatchObject({ attempts: 1 });
  });

  it('a payload its schema refuses when the job runs fails it at once, without running the handler or onFailure', async () => {
    // Written around enqueue's check, as an older release of the job (or a hand-made row) would.
    const id = await runner.boss.send('strict', { count: 'three' });
    await until(async () => (await runner.boss.getJobById('strict', String(id)))?.state === 'failed', 10_000, 'failed');
    // Its retry delay is 1 s: a retry would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await runner.boss.getJobById('strict', String(id)))?.retryCount).toBe(0);
    expect(strictRuns).toBe(0);
    expect(gaveUp).not.toContain('strict');
    const status = await jobsStatus();
    expect(status.queues.find((queue) => queue.name === 'strict.dead')?.counts.created).toBe(1);
  });
});

describe('throughput', () => {
  it("runs a queue's jobs in batches at its concurrency, the next batch without waiting for the poll", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => enqueue(batched, {})));
    await until(
      async () => (await jobsStatus()).queues.find((q) => q.name === 'batched')?.counts.completed === ids.length,
      20_000,
      'the batched jobs',
    );
    expect(mostAtOnce).toBe(5);
    // Batches of 300 ms: each starts when the one before ends. Waiting for the 2 s poll between them
    // would leave a gap of 2 s or more between one job's start and the next's (timed by gaps, not the
    // total, so a slow machine's stalls do not add up).
    expect(batchedStarts).toHaveLength(20);
    const gaps = batchedStarts.slice(1).map((start, i) => start - (batchedStarts[i] as number));
    expect(Math.max(...gaps)).toBeLessThan(1_800);
  });

  it('an enqueue in this process starts the job at once, although the idle queue polls every 2 s', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const note = `wake ${i}`;
      const sent = Date.now();
      await enqueue(record, { note });
      await until(() => ran.includes(note), 5_000, note, 10);
      waits.push(Date.now() - sent);
      // Let the queue fall idle (its empty fetch, then the 2 s pause) at a different point each time.
      await new Promise((resolve) => setTimeout(resolve, 300 + i * 250));
    }
    // Waiting for the poll takes up to 2 s (the staggered pauses above make the five about 2.0, 1.7, 1.45, 1.2
    // and 0.95 s, a median of 1.45 s); at once is tens of milliseconds.
    // The median, not the longest, so that a slow machine's stall in one of the five does not fail it.
    const median = [...waits].sort((a, b) => a - b)[2];
    expect(median, `waits: ${waits.join(', ')} ms`).toBeLessThan(500);
  });
});

describe('stopping within a budget', () => {
  it('gives up on a job still running at the budget, and pg-boss fails it so it runs again', async () => {
    let started = false;
    const stuck = defineJob({
      name: 'stuck',
      payload: z.object({}),
      async handler() {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 30_000));
      },
    });
    // biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
    const own = await createJobRunner({ connectionString: process.env.DATABASE_URL as string, jobs: [stuck] });
    await own.boss.send('stuck', {});
    await until(() => started, 10_000, 'the stuck job to start');
    const stopping = performance.now();
    await own.stop({ timeoutMs: 1_000 });
    expect(performance.now() - stopping).toBeLessThan(5_000);
    const [row] = await db().execute<{ state: string }>(sql`select state from pgboss.job where name = 'stuck'`);
    expect(row?.state).not.toBe('active');
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
