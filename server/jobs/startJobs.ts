/**
 * The job runner: pg-boss 10 on the app's PostgreSQL (its own `pgboss`
 * schema, created on first start). One runner per process, started by
 * instrumentation.node.ts in the app (unless JOBS_IN_APP=false) or by
 * `npm run worker`; `enqueue()` and `jobsStatus()` use it.
 *
 * - Queues are created (or updated) from the definitions at start, each with
 *   a dead-letter queue `<name>.dead` that keeps a copy of every job that ran
 *   out of retries.
 * - Schedules (cron) are upserted at start; a job without a schedule here is
 *   unscheduled, so removing one from the code takes effect. pg-boss's cron
 *   monitor lets one instance per minute send each due job, whatever the
 *   number of instances.
 * - `work: false` starts a runner that only enqueues (a web instance beside a
 *   separate worker process).
 * - Each queue is worked in batches (workQueue.ts): up to its concurrency
 *   (the job's `concurrency`, else the runner's, else the machine's cores)
 *   fetched at once, the next batch at once while work is waiting; an
 *   enqueue in this process wakes its queue, so the polling interval only
 *   matters for jobs enqueued by other processes.
 * - Shutdown (server/lifecycle) stops fetching, waits for running jobs up to
 *   `stopTimeoutMs` or what is left of the shutdown budget, then closes
 *   pg-boss's pool.
 */
import os from 'node:os';
import PgBoss from 'pg-boss';
import { onShutdown } from '../lifecycle/shutdown';
import { logger } from '../log/logger';
import type { JobDefinition } from './defineJob';
import { type QueueWorker, workQueue } from './workQueue';

export interface Schedule {
  job: JobDefinition<unknown>;
  /** Five-field cron, minute granularity (`0 * * * *`: hourly). */
  cron: string;
  payload?: object;
  /** IANA time zone of the cron expression (default UTC). */
  tz?: string;
}

export interface JobsOptions {
  connectionString: string;
  jobs: readonly JobDefinition<unknown>[];
  schedules?: readonly Schedule[];
  /** Run handlers (and the cron monitor) in this process. Default true. */
  work?: boolean;
  /** Jobs of one queue run at once per process, unless the job sets its own. Default: the cores (at least 2). */
  concurrency?: number;
  /** How often an idle queue looks for jobs enqueued elsewhere (pg-boss's minimum is 0.5). Default 2 s. */
  pollingIntervalSeconds?: number;
  /** How long shutdown waits for running jobs. Default 20 s. */
  stopTimeoutMs?: number;
  /** Connections of pg-boss's own pool. Default 4. */
  maxConnections?: number;
  /** How often the cron monitor and its worker look (seconds, 1-45; pg-boss defaults 30 and 5). */
  cronCheckSeconds?: number;
  schema?: string;
}

export interface JobRunner {
  readonly boss: PgBoss;
  readonly working: boolean;
  readonly jobs: readonly JobDefinition<unknown>[];
  /** Fetch `queue`'s jobs now instead of at the next poll (enqueue calls it after its commit). */
  wake(queue: string): void;
  /** Stops fetching and waits for running jobs up to `stopTimeoutMs`, or `timeoutMs` when shorter. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** Jobs of a queue at once per process when neither the job nor the runner says: the cores, at least 2. */
export function defaultConcurrency(): number {
  return Math.max(2, os.availableParallelism());
}

// On globalThis: instrumentation starts the runner, and route bundles (their own copies of this module) enqueue on it.
const cache = globalThis as typeof globalThis & { __appJobRunner?: JobRunner };

/** The started runner of this process, or undefined. */
export function currentJobRunner(): JobRunner | undefined {
  return cache.__appJobRunner;
}

/**
 * Starts this process's runner (once: later calls return it) and stops it on
 * shutdown. The database pool should be registered with onShutdown before
 * this, so running jobs finish before it closes (cleanups run latest first).
 */
export async function startJobs(options: JobsOptions): Promise<JobRunner> {
  if (cache.__appJobRunner) return cache.__appJobRunner;
  const runner = await createJobRunner(options);
  cache.__appJobRunner = runner;
  // Within the shutdown's budget: what is left of it, less the pool's close after (db/database.ts gives
  // it 5 s). Jobs still running then are failed by pg-boss, so they retry, instead of staying active.
  onShutdown('job runner', ({ remainingMs }) => runner.stop({ timeoutMs: Math.max(1_000, remainingMs - 5_000) }));
  return runner;
}

/** A runner of its own, not this process's default (tests start several to act as instances). */
export async function createJobRunner(options: JobsOptions): Promise<JobRunner> {
  const working = options.work ?? true;
  const cron = options.cronCheckSeconds;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema ?? 'pgboss',
    max: options.maxConnections ?? 4,
    // Maintenance and the cron monitor where handlers run; an enqueue-only runner stays light.
    supervise: working,
    schedule: working,
    ...(cron ? { cronMonitorIntervalSeconds: cron, cronWorkerIntervalSeconds: cron } : {}),
  });
  boss.on('error', (error) => logger().error({ err: error }, 'job runner error'));
  await boss.start();
  for (const job of options.jobs) await createQueue(boss, job);
  await applySchedules(boss, options);
  const workers = new Map<string, QueueWorker>();
  if (working) {
    for (const job of options.jobs) {
      const worker = await workQueue(boss, job, {
        batchSize: job.concurrency ?? options.concurrency ?? defaultConcurrency(),
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        schema: options.schema ?? 'pgboss',
      });
      workers.set(job.name, worker);
    }
  }
  return {
    boss,
    working,
    jobs: options.jobs,
    wake(queue) {
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker.workerId);
    },
    async stop(stopOptions = {}) {
      if (cache.__appJobRunner?.boss === boss) cache.__appJobRunner = undefined;
      const timeout = Math.min(options.stopTimeoutMs ?? 20_000, stopOptions.timeoutMs ?? Number.POSITIVE_INFINITY);
      await boss.stop({ graceful: true, wait: true, close: true, timeout });
    },
  };
}

async function createQueue(boss: PgBoss, job: JobDefinition<unknown>): Promise<void> {
  const deadLetter = `${job.name}.dead`;
  await boss.createQueue(deadLetter);
  const policy = {
    name: job.name,
    retryLimit: job.retry.limit,
    retryDelay: job.retry.delaySeconds,
    retryBackoff: job.retry.backoff,
    expireInSeconds: job.timeoutSeconds,
    deadLetter,
  };
  await boss.createQueue(job.name, policy);
  // createQueue leaves an existing queue as it was: apply a changed policy.
  await boss.updateQueue(job.name, policy);
}

async function applySchedules(boss: PgBoss, options: JobsOptions): Promise<void> {
  const scheduled = new Set<string>();
  for (const schedule of options.schedules ?? []) {
    await boss.schedule(schedule.job.name, schedule.cron, schedule.payload ?? {}, { tz: schedule.tz ?? 'UTC' });
    scheduled.add(schedule.job.name);
  }
  for (const job of options.jobs) if (!scheduled.has(job.name)) await boss.unschedule(job.name);
}
