/**
 * Two instances, one schedule: both runners register the same every-minute
 * cron and both work the queue, yet each occurrence runs once. Waits for one
 * minute boundary (up to ~70 s), so it lives in a file of its own and runs
 * beside the others.
 */
import { pino } from 'pino';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { configureLogger } from '../log/logger';
import { closeTestDatabase } from '../testing/testDatabase';
import { defineJob } from './defineJob';
import { createJobRunner, type JobRunner } from './startJobs';

const runs: Array<{ instance: string; at: number }> = [];
const runners: JobRunner[] = [];

function tick(instance: string) {
  return defineJob({
    name: 'tick',
    payload: z.object({}),
    async handler() {
      runs.push({ instance, at: Date.now() });
    },
  });
}

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await closeTestDatabase();
});

it('an every-minute cron on two instances runs once per occurrence', { timeout: 200_000 }, async () => {
  configureLogger(pino({ level: 'silent' }));
  // biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
  const connectionString = process.env.DATABASE_URL as string;
  const minute = 60_000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (const instance of ['a', 'b']) {
    const job = tick(instance);
    runners.push(
      await createJobRunner({
        connectionString,
        jobs: [job],
        schedules: [{ job, cron: '* * * * *' }],
        pollingIntervalSeconds: 0.5,
        cronCheckSeconds: 1,
      }),
    );
  }
  // The watched minute starts at least 20 s after both are up. pg-boss sends a cron's job in two steps: a
  // check queues a "send it" job (once per minute across instances), whose worker then sends the job
  // itself; up in a minute's last seconds, that minute's job may be sent after the next minute begins
  // and read as its duplicate.
  const next = Math.ceil(Date.now() / minute) * minute;
  const boundary = next - Date.now() < 20_000 ? next + minute : next;
  await sleep(boundary - Date.now());
  // Its job may be slow to come on a loaded machine (a fixed 8 s wait once failed under a parallel test
  // run): wait for the first run of that minute, then as long again as it took, at least 5 s, for a
  // duplicate, which both instances would have sent at the same cron check.
  const inMinute = () => runs.filter((run) => run.at >= boundary && run.at < boundary + minute);
  while (inMinute().length === 0 && Date.now() < boundary + 45_000) await sleep(250);
  await sleep(Math.max(5_000, Date.now() - boundary));
  // Counted by when the job was sent, not when it ran: on a loaded machine the previous minute's
  // occurrence may run after the boundary, and that is not a duplicate.
  const sent = await runners[0]?.boss
    .getDb()
    .executeSql(
      `select count(*)::int as n from pgboss.job where name = 'tick' and created_on >= to_timestamp($1) and created_on < to_timestamp($2)`,
      [boundary / 1000, (boundary + minute) / 1000],
    );
  expect(inMinute().length).toBeGreaterThanOrEqual(1);
  expect(sent?.rows[0]?.n).toBe(1);
  const status = await runners[0]?.boss.getSchedules();
  expect(status?.map((schedule) => schedule.name)).toEqual(['tick']);
});
