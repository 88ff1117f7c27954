/**
 * How one process works a queue: pg-boss fetches up to `batchSize` jobs in
 * one statement, they run at once (each completed or failed on its own, so
 * one slow or failing job never holds back the others' outcome), and while
 * jobs keep coming the next batch is fetched straight away. Only an empty
 * fetch waits for the polling interval; the runner's `wake(queue)` (called
 * after an enqueue in this process commits) cuts that wait short, so a job enqueued
 * by this process starts within milliseconds even at an idle queue.
 *
 * Failures: a `PermanentJobError`, or a payload the schema refuses, fails the
 * job for good at once; any other error is retried by the queue's policy.
 * When a job fails for good its `onFailure` runs once.
 */
import type PgBoss from 'pg-boss';
import { ZodError } from 'zod';
import { logger } from '../log/logger';
import { withSpan } from '../tracing/withSpan';
import type { JobDefinition } from './defineJob';
import { PermanentJobError } from './PermanentJobError';

export interface QueueWorker {
  readonly queue: string;
  readonly workerId: string;
}

export async function workQueue(
  boss: PgBoss,
  job: JobDefinition<unknown>,
  options: { batchSize: number; pollingIntervalSeconds: number; schema: string },
): Promise<QueueWorker> {
  let workerId = '';
  workerId = await boss.work(
    job.name,
    { includeMetadata: true, batchSize: options.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds },
    async (entries) => {
      await Promise.all(entries.map((entry) => runJob(boss, job, entry, options.schema)));
      // Work was waiting: look again now, not after the polling interval (pg-boss's loop skips its pause when notified).
      if (entries.length > 0) boss.notifyWorker(workerId);
    },
  );
  return { queue: job.name, workerId };
}

async function runJob(
  boss: PgBoss,
  job: JobDefinition<unknown>,
  entry: PgBoss.JobWithMetadata<unknown>,
  schema: string,
): Promise<void> {
  const attempt = entry.retryCount + 1;
  const meta = { id: entry.id, attempt };
  await withSpan(
    `job ${job.name}`,
    { 'app.job': job.name, 'app.job.id': entry.id, 'app.job.attempt': attempt },
    async () => {
      let parsed: { payload: unknown } | undefined;
      try {
        parsed = { payload: job.payload.parse(entry.data) };
        await job.handler(parsed.payload, meta);
      } catch (error) {
        const permanent = error instanceof PermanentJobError || error instanceof ZodError;
        const final = permanent || entry.retryCount >= entry.retryLimit;
        // Kept by pg-boss (state `failed` after the last attempt, a copy in `<name>.dead`); the cause is logged here.
        logger().error({ err: error, job: job.name, jobId: entry.id, attempt, final }, 'job failed');
        await settle(job.name, entry.id, 'record the failure', async () => {
          // pg-boss retries while retry_count < retry_limit: closing the gap makes this failure the last.
          if (permanent) {
            await boss
              .getDb()
              .executeSql(`update ${schema}.job set retry_limit = retry_count where name = $1 and id = $2`, [
                job.name,
                entry.id,
              ]);
          }
          await boss.fail(job.name, entry.id, error as object);
        });
        const { onFailure } = job;
        if (final && parsed && onFailure) {
          const { payload } = parsed;
          await settle(job.name, entry.id, 'onFailure', () => onFailure(payload, error, meta));
        }
        return;
      }
      await settle(job.name, entry.id, 'complete the job', () => boss.complete(job.name, entry.id));
    },
  );
}

/** A bookkeeping step that failed (the database went away) is logged; pg-boss's expiry retries the job later. */
async function settle(queue: string, jobId: string, step: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    logger().error({ err: error, job: queue, jobId }, `job runner could not ${step}`);
  }
}
