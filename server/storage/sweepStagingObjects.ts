/**
 * Staging objects no row points to: a PUT that reached its upload URL after
 * cleanup removed its pending row (the URL outlives nothing but can still be
 * used until it expires), or a second PUT after confirm (the swap attack,
 * harmless but stored). Nothing ever serves them; this sweep and a bucket
 * lifecycle rule on `staging/` (docs/attachments.md) remove them.
 *
 * It lists `staging/` page by page (1000 keys per request), so its cost
 * grows with the uploads in flight, not with the bucket.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { db } from '../model';
import { storageConfig } from './configureStorage';
import { STAGING_KEY_PREFIX } from './objectKey';
import { deleteObject } from './objectStore';
import { s3Client } from './s3Client';
import { withStorage } from './storageErrors';
import { serviceAssets } from './tables';

/** Parallel deletes: enough to hide latency, polite to the store. */
const DELETE_CONCURRENCY = 8;

/** Staging keys of `keys` that a pending row still names (its upload may yet be confirmed). */
async function claimedKeys(keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db()
    .select({ stagingKey: serviceAssets.stagingKey })
    .from(serviceAssets)
    .where(sql`${serviceAssets.stagingKey} = any(${sql.param(keys)})`);
  return new Set(rows.map((row) => row.stagingKey).filter((key): key is string => key !== null));
}

/** Deletes staging objects last written before `cutoff` that no row names. Returns how many. */
export async function sweepStagingObjects(cutoff: Date): Promise<number> {
  const { bucket } = storageConfig();
  let removed = 0;
  let continuationToken: string | undefined;
  do {
    const page = await withStorage(() =>
      s3Client().send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: `${STAGING_KEY_PREFIX}/`,
          ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
        }),
      ),
    );
    const stale = (page.Contents ?? [])
      .filter((object) => object.Key && object.LastModified && object.LastModified < cutoff)
      .map((object) => object.Key as string);
    const claimed = await claimedKeys(stale);
    const orphans = stale.filter((key) => !claimed.has(key));
    for (let start = 0; start < orphans.length; start += DELETE_CONCURRENCY) {
      await Promise.all(orphans.slice(start, start + DELETE_CONCURRENCY).map((key) => deleteObject(key)));
    }
    removed += orphans.length;
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
  return removed;
}
