/**
 * The app's background jobs and their schedules (server/jobs, on pg-boss).
 * `startAppJobs` is called by instrumentation.node.ts (the app process) and
 * by `npm run worker` (a process of its own); docs/jobs.md.
 *
 * Add a job: `defineJob` below (or in a file of its own), add it to
 * `appJobs`, and `enqueue(job, payload)` where the work arises; inside a
 * `transaction()` the job is written with the rest.
 */
import { z } from 'zod';
import { pool } from '@/db/database';
import { env, storageConfigured } from '@/env';
import {
  DEFAULT_CLEANUP_AGE_MS,
  defineJob,
  enqueue,
  type JobRunner,
  logger,
  markVariantsFailed,
  onAssetReady,
  PermanentJobError,
  processAssetImages,
  runAssetCleanup,
  startJobs,
} from '@/server';
import { wireApp } from './app';
import { deliverMail } from './mail/deliverMail';

/** Removes abandoned uploads (unconfirmed, or never attached) and long-detached files (server/storage/runAssetCleanup.ts). */
export const assetCleanup = defineJob({
  name: 'asset-cleanup',
  payload: z.object({ olderThanHours: z.number().nonnegative().optional() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  async handler({ olderThanHours }) {
    // No store, no uploads: nothing can be left over.
    if (!storageConfigured) return;
    const olderThanMs = olderThanHours === undefined ? DEFAULT_CLEANUP_AGE_MS : olderThanHours * 3_600_000;
    const removed = await runAssetCleanup({ olderThanMs });
    logger().info({ removed, olderThanMs }, 'asset cleanup');
  },
});

/**
 * Size, placeholder and variants of an uploaded image (the slot's `variants`,
 * e.g. a 128 px `thumb` declared on an image slot). Enqueued for every file that becomes
 * ready; other files are skipped at once. `npm run assets:variants` enqueues
 * it for files uploaded before a variant was declared.
 */
export const assetImages = defineJob({
  name: 'asset-images',
  payload: z.object({ assetId: z.number().int().positive() }),
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  timeoutSeconds: 120,
  // Decoding is CPU-bound: one job per core (the default) keeps requests responsive. Raise it for a separate worker.
  async handler({ assetId }) {
    const outcome = await processAssetImages(assetId);
    logger().debug({ assetId, outcome }, 'asset images');
  },
  // Failed for good (undecodable, or out of retries): the asset says so, and pages stop waiting for a thumbnail.
  async onFailure({ assetId }, error, { attempt }) {
    const reason =
      error instanceof PermanentJobError
        ? error.message
        : `no preview could be made (gave up after ${attempt} attempts)`;
    await markVariantsFailed(assetId, reason);
  },
});

export const appJobs = [assetCleanup, assetImages, deliverMail];

/**
 * The upload is confirmed by now; a failed enqueue (the database connection
 * dropped that moment) is retried briefly, so one blip does not leave the
 * file waiting for a thumbnail until `npm run assets:variants`.
 */
async function enqueueImageJob(assetId: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      // A duplicate (the first send committed but its answer was lost) only redoes idempotent work.
      await enqueue(assetImages, { assetId });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/**
 * Starts this process's job runner: handlers run here when `work` is true;
 * otherwise it only enqueues (a separate worker runs them).
 */
export function startAppJobs(options: { work: boolean }): Promise<JobRunner> {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: jobs live in the app database.');
  // The models (the cleanup sweeps attachments per model), storage and the logger.
  wireApp();
  // Open the pool first: its shutdown cleanup is then registered before the
  // runner's, and runs after it (latest first), so running jobs keep it.
  pool();
  onAssetReady((asset) => enqueueImageJob(asset.id));
  return startJobs({
    connectionString: env.DATABASE_URL,
    jobs: appJobs,
    schedules: env.JOBS_CLEANUP_CRON === 'off' ? [] : [{ job: assetCleanup, cron: env.JOBS_CLEANUP_CRON }],
    work: options.work,
  });
}
