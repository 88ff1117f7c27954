/**
 * `npm run assets:variants`: enqueues the image job for every ready image
 * that lacks its size or one of its slot's declared variants, e.g. after a
 * variant was added to a slot (`hasOneAttached({ variants: {...} })`) with
 * files already uploaded. The running app or `npm run worker` does the work.
 */
import { gt } from 'drizzle-orm';
import { assetImages, startAppJobs } from '../backend/jobs';
import { closeDb } from '../db/database';
import { env } from '../env';
import { Asset, enqueue, findSlot, serviceAssets } from '../server';

if (!env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is not set. Run through `npm run assets:variants` (uses the running `npm run dev`) or set it.',
  );
  process.exit(1);
}

const runner = await startAppJobs({ work: false });
try {
  let queued = 0;
  let lastId = 0;
  // In batches by id: the table may be large.
  for (;;) {
    const batch = await Asset.where({ status: 'ready' })
      .where(gt(serviceAssets.id, lastId))
      .order('id')
      .limit(500)
      .toArray();
    if (batch.length === 0) break;
    lastId = batch.at(-1)?.id ?? lastId;
    for (const asset of batch) {
      if (!asset.contentType.startsWith('image/') || asset.contentType.includes('svg')) continue;
      const slot = typeof asset.metadata.slot === 'string' ? findSlot(asset.metadata.slot)?.slot : undefined;
      const missing = Object.keys(slot?.variants ?? {}).some((name) => !asset.variants[name]);
      if (asset.width !== null && !missing) continue;
      await enqueue(assetImages, { assetId: asset.id });
      queued += 1;
    }
  }
  console.log(`assets:variants: queued ${queued} image${queued === 1 ? '' : 's'} for the image job`);
} finally {
  await runner.stop();
  await closeDb();
}
