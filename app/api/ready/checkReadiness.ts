/**
 * Can this instance serve? The checks behind GET /api/ready, each with a
 * message an operator can act on and nothing secret (causes go to the log):
 *
 * - database: answers `select 1`;
 * - migrations: none of db/migrations is pending (else "run npm run db:migrate");
 * - storage: reachable when configured; when not configured, uploads are off
 *   and that is fine unless STORAGE_REQUIRED=true;
 * - jobs: this process's job runner is started (running the jobs, or only
 *   enqueueing them when JOBS_IN_APP=false and a worker runs them);
 * - server: not shutting down (a draining instance leaves the rotation).
 *
 * Add checks of your own here (a queue, a cache); each runs within TIMEOUT_MS.
 */
import { sql } from 'drizzle-orm';
import { wireApp } from '@/backend/app';
import { db } from '@/db/database';
import { pendingMigrations } from '@/db/migrationStatus';
import { env, storageConfigured } from '@/env';
import { assertStorageReachable, currentJobRunner, isDraining, logger, withTimeout } from '@/server';

const TIMEOUT_MS = 3_000;

// Storage is checked as configured by the composition root.
wireApp();

export interface Check {
  ok: boolean;
  message: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; storage: Check; jobs: Check; server: Check };
}

export async function checkReadiness(): Promise<Readiness> {
  const database = await run('database', async () => {
    await db().execute(sql`select 1`);
    return pass('reachable');
  });
  const migrations = database.ok
    ? await run('migrations', async () => {
        const pending = await pendingMigrations(db());
        if (pending.length === 0) return pass('up to date');
        return fail(`${pending.length} pending (${pending.join(', ')}): run \`npm run db:migrate\``);
      })
    : fail('not checked: the database is unreachable');
  const storage = await checkStorage();
  const jobs = checkJobs();
  const server = isDraining() ? fail('shutting down') : pass('serving');
  const checks = { database, migrations, storage, jobs, server };
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

async function checkStorage(): Promise<Check> {
  if (!storageConfigured) {
    return env.STORAGE_REQUIRED
      ? fail('required (STORAGE_REQUIRED=true) but not configured: set S3_BUCKET and its keys')
      : pass('not configured: uploads are off');
  }
  return run('storage', async () => {
    await assertStorageReachable();
    return pass('reachable');
  });
}

function checkJobs(): Check {
  const runner = currentJobRunner();
  if (!runner) return fail('not started (instrumentation starts the job runner; see the server log)');
  return pass(runner.working ? 'running' : 'enqueue only (JOBS_IN_APP=false: a worker runs them)');
}

const pass = (message: string): Check => ({ ok: true, message });
const fail = (message: string): Check => ({ ok: false, message });

/** Runs a check within the deadline; a failure is logged with its cause and answered without it. */
async function run(name: string, check: () => Promise<Check>): Promise<Check> {
  try {
    const result = await withTimeout(check(), TIMEOUT_MS);
    if (result === undefined) throw new Error(`no answer within ${TIMEOUT_MS} ms`);
    return result;
  } catch (error) {
    logger().error({ err: error, check: name }, 'readiness check failed');
    return fail(name === 'storage' ? 'unreachable' : 'unreachable or failing (see the server log)');
  }
}
