/**
 * `npm run assets:cleanup [-- --older-than-hours 24]`: removes abandoned
 * uploads (pending assets never confirmed; confirmed ones never attached,
 * after at least an hour) and files detached longer ago than the age, object
 * first, then row. See server/storage/runAssetCleanup.ts.
 *
 * The `asset-cleanup` job already runs this hourly (JOBS_CLEANUP_CRON,
 * docs/jobs.md); run it by hand for a different age or right now. Several
 * instances at once are safe. It uses DATABASE_URL and the S3_* variables
 * (through withDevEnv: those of the running `npm run dev` when unset).
 */
import { parseArgs } from 'node:util';
import { wireApp } from '../backend/app';
import { closeDb } from '../db/database';
import { env } from '../env';
import { DEFAULT_CLEANUP_AGE_MS, runAssetCleanup } from '../server';

const HOUR_MS = 60 * 60 * 1000;

function olderThanMs(): number {
  const { values } = parseArgs({ options: { 'older-than-hours': { type: 'string' } } });
  const raw = values['older-than-hours'];
  if (raw === undefined) return DEFAULT_CLEANUP_AGE_MS;
  const hours = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(hours) || hours < 0) {
    throw new Error(`--older-than-hours must be a non-negative number (got "${raw}")`);
  }
  return hours * HOUR_MS;
}

if (!env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is not set. Run through `npm run assets:cleanup` (uses the running `npm run dev`) or set it.',
  );
  process.exit(1);
}

wireApp();
try {
  const age = olderThanMs();
  const started = Date.now();
  const removed = await runAssetCleanup({ olderThanMs: age });
  console.log(
    `assets:cleanup: removed ${removed} asset${removed === 1 ? '' : 's'} older than ${age / HOUR_MS} h in ${Date.now() - started} ms`,
  );
} catch (error) {
  // A 503 says only "Storage unavailable"; the operator needs the cause (endpoint, refused connection ...).
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`assets:cleanup failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
