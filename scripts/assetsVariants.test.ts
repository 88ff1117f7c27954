/**
 * `npm run assets:variants` on this file's database: it enqueues the image
 * job for ready images that lack their size or a declared variant, and for
 * nothing else.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';
import { serviceAssets } from '@/server';

afterAll(closeDb);

const image = { contentType: 'image/png', byteSize: 10, access: 'public' as const, variants: {} };
const analysed = { width: 10, height: 10 };

/** The assets in the table, and whether the script must queue each. */
const ASSETS = [
  { row: { ...image, key: 'public/a.png', filename: 'never-analysed.png', status: 'ready' as const }, queued: true },
  // No slot, so no variant is declared: its size is all the job makes.
  {
    row: { ...image, ...analysed, key: 'public/b.png', filename: 'analysed.png', status: 'ready' as const },
    queued: false,
  },
  {
    row: {
      key: 'private/d.pdf',
      filename: 'not-an-image.pdf',
      contentType: 'application/pdf',
      byteSize: 10,
      status: 'ready' as const,
      access: 'private' as const,
    },
    queued: false,
  },
  { row: { ...image, key: 'public/e.png', filename: 'pending.png', status: 'pending' as const }, queued: false },
  // demo:begin
  // The demo's Campaign.logo declares a `thumb` variant.
  {
    row: {
      ...image,
      ...analysed,
      key: 'public/c.png',
      filename: 'no-thumb-yet.png',
      status: 'ready' as const,
      metadata: { slot: 'Campaign.logo' },
    },
    queued: true,
  },
  {
    row: {
      ...image,
      ...analysed,
      key: 'public/f.png',
      filename: 'done.png',
      status: 'ready' as const,
      metadata: { slot: 'Campaign.logo' },
      variants: { thumb: { key: 'public/f.png.thumb.webp', width: 128, height: 96, contentType: 'image/webp' } },
    },
    queued: false,
  },
  // demo:end
];

it('queues the images that miss their analysis or a declared variant, once each', { timeout: 60_000 }, async () => {
  const rows = await db()
    .insert(serviceAssets)
    .values(ASSETS.map(({ row }) => row))
    .returning({ id: serviceAssets.id });
  const expected = rows.filter((_, index) => ASSETS[index]?.queued).map((row) => row.id);

  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/assetsVariants.ts'], {
    env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain(`queued ${expected.length} image${expected.length === 1 ? '' : 's'}`);
  const queued = await db().execute<{ asset_id: number }>(
    sql`select (data->>'assetId')::int as asset_id from pgboss.job where name = 'asset-images' order by 1`,
  );
  expect(queued.map((row) => row.asset_id)).toEqual(expected);
});
