/**
 * Is the object store reachable? Presign only signs a URL locally, so without
 * asking it would write a pending row and hand out an upload URL that cannot
 * work. It asks with one HeadBucket and remembers a success for
 * `STORAGE_PROBE_TTL_MS`.
 *
 * Cost: while the store is up, one HeadBucket per process every 10 s of
 * presign traffic (none without traffic). During an outage, every presign
 * probes again, failing fast (connection refused, or `connectionTimeoutMs`).
 * Any storage call failing with an outage forgets the cached success at once;
 * otherwise a presign within 10 s of an outage's start may still succeed, and
 * its pending row is then removed by `runAssetCleanup`.
 *
 * A 403 (credentials allowed to put and get objects but not to list the
 * bucket) counts as reachable; network failures and 5xx are a 503; other
 * answers (no such bucket) are configuration bugs and propagate (500, logged).
 */
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { storageConfig } from './configureStorage';
import { s3Client } from './s3Client';
import { isStorageUnavailableError, onStorageOutage, withStorage } from './storageErrors';

export const STORAGE_PROBE_TTL_MS = 10_000;

interface ProbeState {
  /** Bucket and endpoint the success was for (a new configureStorage() asks again). */
  target: string;
  upUntil: number;
}

// On globalThis: one probe result for every bundle of the process (Next.js loads this module once per bundle).
const cache = globalThis as typeof globalThis & { __storageProbe?: ProbeState };

/** Forgets the cached result (tests; also called on any storage outage). */
export function resetStorageProbe(): void {
  cache.__storageProbe = undefined;
}

onStorageOutage(resetStorageProbe);

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** Resolves when the store answered recently or answers now; throws ServiceUnavailable (503) otherwise. */
export async function assertStorageReachable(): Promise<void> {
  const { bucket, endpoint } = storageConfig();
  const target = `${endpoint ?? 'aws'}/${bucket}`;
  const state = cache.__storageProbe;
  if (state && state.target === target && state.upUntil > Date.now()) return;
  await withStorage(async () => {
    try {
      await s3Client().send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      // 403: the store answered but these credentials may not list the bucket; reachable.
      // Anything else (outage -> 503, missing bucket -> 500 with the cause logged) propagates.
      if (isStorageUnavailableError(error) || statusOf(error) !== 403) throw error;
    }
  });
  cache.__storageProbe = { target, upUntil: Date.now() + STORAGE_PROBE_TTL_MS };
}
