/**
 * `npm run assets:variants` on this file's database: it enqueues the image
 * job for ready images that lack their size or a declared variant, and for
 * nothing else.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';

afterAll(closeDb);

it('queues the images that miss their analysis or a declared variant, once each', { timeout: 60_000 }, async () => {
  const thumb = { key: 'public/x.thumb.webp', width: 128, height: 96, contentType: 'image/webp' };
  const rows = await db().execute<{ id: number; filename: string }>(sql`
    insert into service_assets (key, filename, content_type, byte_size, status, access, metadata, width, height, variants)
    values
      ('public/a.png', 'never-analysed.png', 'image/png', 10, 'ready', 'public', '{"slot":"Campaign.logo"}', null, null, '{}'),
      ('public/b.png', 'no-thumb-yet.png', 'image/png', 10, 'ready', 'public', '{"slot":"Campaign.logo"}', 10, 10, '{}'),
      ('public/c.png', 'done.png', 'image/png', 10, 'ready', 'public', '{"slot":"Campaign.logo"}', 10, 10, ${JSON.stringify({ thumb })}::jsonb),
      ('private/d.pdf', 'not-an-image.pdf', 'application/pdf', 10, 'ready', 'private', '{}', null, null, '{}'),
      ('public/e.png', 'pending.png', 'image/png', 10, 'pending', 'public', '{"slot":"Campaign.logo"}', null, null, '{}')
    returning id, filename`);
  const idOf = (name: string) => rows.find((row) => row.filename === name)?.id;

  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/assetsVariants.ts'], {
    env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('queued 2 images');
  const queued = await db().execute<{ asset_id: number }>(
    sql`select (data->>'assetId')::int as asset_id from pgboss.job where name = 'asset-images' order by 1`,
  );
  expect(queued.map((row) => row.asset_id)).toEqual([idOf('never-analysed.png'), idOf('no-thumb-yet.png')]);
});
