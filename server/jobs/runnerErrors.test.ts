/**
 * The job runner's own errors after a connection drop: PostgreSQL ends
 * pg-boss's connections (as a restart or a failover does), pg-pool hangs the
 * connection object (a pg Client, with its secret key) on the error it emits,
 * and the "job runner error" line says what failed (message, code, stack),
 * nothing of the connection.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { configureLogger } from '../log/logger';
import { db } from '../model/connection';
import { closeTestDatabase } from '../testing/testDatabase';
import { defineJob } from './defineJob';
import { createJobRunner, type JobRunner } from './startJobs';

const lines: Array<Record<string, unknown> & { err?: Record<string, unknown> }> = [];
let runner: JobRunner | undefined;

afterAll(async () => {
  await runner?.stop();
  configureLogger(pino({ level: 'silent' }));
  await closeTestDatabase();
});

it('a dropped connection: the error line has message, code and stack, not the pg Client', async () => {
  configureLogger(pino({ level: 'error' }, { write: (line: string) => lines.push(JSON.parse(line)) }));
  // biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
  const connectionString = process.env.DATABASE_URL as string;
  const job = defineJob({ name: 'idle', payload: z.object({}), async handler() {} });
  runner = await createJobRunner({ connectionString, jobs: [job], pollingIntervalSeconds: 0.5 });

  const deadline = Date.now() + 15_000;
  while (!lines.some((line) => line.msg === 'job runner error') && Date.now() < deadline) {
    // pg-boss's connections (its application_name), idle ones among them: pg-pool's idle error.
    await db().execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'pgboss'`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const errors = lines.filter((line) => line.msg === 'job runner error');
  expect(errors.length).toBeGreaterThan(0);
  for (const line of errors) {
    expect(line.err).toMatchObject({ message: expect.any(String), stack: expect.any(String) });
    expect(JSON.stringify(line)).not.toMatch(/processID|secretKey|connectionParameters|_connecting/);
    expect(JSON.stringify(line).length).toBeLessThan(2_500);
  }
  // A server-ended connection says why: SQLSTATE 57P01 (admin shutdown).
  expect(errors.some((line) => line.err?.code === '57P01')).toBe(true);
});
