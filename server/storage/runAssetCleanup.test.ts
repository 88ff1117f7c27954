/**
 * runAssetCleanup on real PostgreSQL and s3rver: what goes (object and row),
 * what stays, batches, concurrent runs, and a storage outage mid-run.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Asset, AssetService, countQueries, db, ServiceUnavailable } from '@/server';
import { confirmUpload } from './confirmUpload';
import { generateObjectKey, generateStagingKey } from './objectKey';
import { headObject, putObject } from './objectStore';
import { ATTACH_GRACE_MS, runAssetCleanup } from './runAssetCleanup';
import { Billboard } from './testing/attachmentFixtures';
import { setUpBillboardStorage } from './testing/setUpBillboardStorage';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

const env = setUpBillboardStorage();

/** An asset row (with its object unless `object: false`), created `age` ago, optionally detached `detachedAgo` ago. */
async function seedAsset(
  status: 'pending' | 'ready',
  options: { age?: number; detachedAgo?: number; object?: boolean } = {},
): Promise<Asset> {
  const key = generateObjectKey('file.txt', 'text/plain', 'private');
  if (options.object !== false) await putObject({ key, body: Buffer.from(key), contentType: 'text/plain' });
  const asset = await Asset.create({
    key,
    filename: 'file.txt',
    contentType: 'text/plain',
    byteSize: Buffer.byteLength(key),
    status,
    access: 'private',
    metadata: {
      scope: { teamId: 1 },
      slot: 'Billboard.documents',
      ...(options.detachedAgo !== undefined ? { detachedAt: ago(options.detachedAgo).toISOString() } : {}),
    },
  });
  await db().execute(sql`update service_assets set created_at = ${ago(options.age ?? 0).toISOString()}::timestamptz
    where id = ${asset.id}`);
  return asset;
}

/** A browser upload as the widget leaves it when its attach request never arrives: presigned, PUT, confirmed. */
async function confirmedUpload(confirmedAgo: number): Promise<Asset> {
  const stagingKey = generateStagingKey();
  await putObject({ key: stagingKey, body: Buffer.from('hello'), contentType: 'text/plain' });
  const pending = await Asset.create({
    key: generateObjectKey('notes.txt', 'text/plain', 'private'),
    stagingKey,
    filename: 'notes.txt',
    contentType: 'text/plain',
    byteSize: 5,
    status: 'pending',
    access: 'private',
    metadata: { scope: { teamId: 1 }, slot: 'Billboard.documents' },
  });
  const asset = await confirmUpload(pending.id, {});
  await backdateConfirm(asset, confirmedAgo);
  return asset;
}

/** Moves the time confirm recorded into the past. */
async function backdateConfirm(asset: Asset, confirmedAgo: number): Promise<void> {
  const [row] = await db().execute(sql`update service_assets
    set metadata = jsonb_set(metadata, '{awaitingAttachSince}', to_jsonb(${ago(confirmedAgo).toISOString()}::text))
    where id = ${asset.id} and metadata ? 'awaitingAttachSince' returning id`);
  if (!row) throw new Error(`asset ${asset.id} was not marked as awaiting attach by confirm`);
}

const remainingIds = async () =>
  (await db().execute(sql`select id from service_assets order by id`)).map((row) => row.id as number);
const exists = async (asset: Asset) => (await headObject(asset.key)) !== null;

describe('runAssetCleanup', () => {
  it('removes stale pending and long-orphaned assets, objects first; keeps everything else', async () => {
    const billboard = await Billboard.create({ teamId: 1, name: 'Spring' });
    const stalePending = await seedAsset('pending', { age: 25 * HOUR });
    const stalePendingNoObject = await seedAsset('pending', { age: 48 * HOUR, object: false });
    const freshPending = await seedAsset('pending', { age: 1 * HOUR });
    const longOrphan = await seedAsset('ready', { age: 30 * 24 * HOUR, detachedAgo: 25 * HOUR });
    const recentOrphan = await seedAsset('ready', { age: 30 * 24 * HOUR, detachedAgo: 1 * HOUR });
    const attached = await seedAsset('ready', { age: 30 * 24 * HOUR });
    await billboard.attach('documents', attached.id);
    // Detached from one record long ago but attached to another now: stays.
    const sharedAttached = await seedAsset('ready', { age: 30 * 24 * HOUR, detachedAgo: 25 * HOUR });
    await db().execute(sql`insert into service_attachments (asset_id, attachable_type, attachable_id, name)
      values (${sharedAttached.id}, 'Billboard', ${billboard.id}, 'documents')`);
    const neverAttached = await seedAsset('ready', { age: 30 * 24 * HOUR });
    const fromService = await AssetService.createFromService({
      filename: 'report.csv',
      contentType: 'text/csv',
      buffer: Buffer.from('a,b\n1,2\n'),
      access: 'private',
    });
    await db().execute(
      sql`update service_assets set created_at = now() - interval '90 days' where id = ${fromService.id}`,
    );

    expect(await runAssetCleanup()).toBe(3);

    expect(await remainingIds()).toEqual(
      [freshPending, recentOrphan, attached, sharedAttached, neverAttached, fromService].map((a) => a.id),
    );
    expect(await exists(stalePending)).toBe(false);
    expect(await exists(longOrphan)).toBe(false);
    expect(await exists(stalePendingNoObject)).toBe(false);
    for (const kept of [freshPending, recentOrphan, attached, sharedAttached, neverAttached, fromService]) {
      expect(await exists(kept)).toBe(true);
    }
    // Idempotent: nothing more to do.
    expect(await runAssetCleanup()).toBe(0);

    // A shorter age reaches the younger ones; attached and never-attached assets still stay.
    expect(await runAssetCleanup({ olderThanMs: 30 * 60 * 1000 })).toBe(2);
    expect(await remainingIds()).toEqual([attached, sharedAttached, neverAttached, fromService].map((a) => a.id));
  });

  it('a stale pending upload loses its staging object and any half-promoted copy; a live one keeps its own', async () => {
    const stale = await seedAsset('pending', { age: 25 * HOUR }); // its key holds a copy a failed confirm left
    const staleStaging = generateStagingKey();
    await putObject({ key: staleStaging, body: Buffer.from('staged'), contentType: 'text/plain' });
    await db().execute(sql`update service_assets set staging_key = ${staleStaging} where id = ${stale.id}`);
    const liveStaging = generateStagingKey();
    await putObject({ key: liveStaging, body: Buffer.from('staged'), contentType: 'text/plain' });
    const lateStaging = generateStagingKey(); // a PUT after its row was cleaned up: no row names it
    await putObject({ key: lateStaging, body: Buffer.from('late'), contentType: 'text/plain' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const live = await seedAsset('pending', { object: false });
    await db().execute(sql`update service_assets set staging_key = ${liveStaging} where id = ${live.id}`);

    expect(await runAssetCleanup()).toBe(1);
    expect(await remainingIds()).toEqual([live.id]);
    expect(await headObject(staleStaging)).toBeNull();
    expect(await exists(stale)).toBe(false);
    // Younger than the default 24 h: the unclaimed staging object waits.
    expect(await headObject(lateStaging)).not.toBeNull();

    // Older than a second: the unclaimed one goes; the one a live pending row names stays.
    expect(await runAssetCleanup({ olderThanMs: 1000 })).toBe(0);
    expect(await headObject(lateStaging)).toBeNull();
    expect(await headObject(liveStaging)).not.toBeNull();
    expect(await remainingIds()).toEqual([live.id]);
  });

  it('assets of a destroyed record become orphans the cleanup removes once old enough', async () => {
    const billboard = await Billboard.create({ teamId: 1, name: 'Spring' });
    const asset = await seedAsset('ready', { age: 30 * 24 * HOUR });
    await billboard.attach('documents', asset.id);
    expect(await billboard.destroy()).toBe(true);
    expect(await runAssetCleanup()).toBe(0);
    expect(await runAssetCleanup({ olderThanMs: 0 })).toBe(1);
    expect(await exists(asset)).toBe(false);
  });

  it('sweeps attachments of records deleted without destroy(); their assets go on a later run', async () => {
    const [spring, summer] = [
      await Billboard.create({ teamId: 1, name: 'Spring' }),
      await Billboard.create({ teamId: 1, name: 'Summer' }),
    ];
    const [gone, kept] = [await seedAsset('ready', { age: 30 * 24 * HOUR }), await seedAsset('ready')];
    await spring.attach('documents', gone.id);
    await summer.attach('documents', kept.id);
    // e.g. an `on delete cascade` from a parent table: no model hook runs.
    await Billboard.where({ id: spring.id }).deleteAll();

    expect(await runAssetCleanup({ olderThanMs: 0 })).toBe(0);
    const attachments = await db().execute(sql`select asset_id from service_attachments`);
    expect(attachments.map((row) => row.asset_id)).toEqual([kept.id]);
    const [marked] = await db().execute(
      sql`select metadata->>'detachedAt' as at from service_assets where id = ${gone.id}`,
    );
    expect(marked?.at).toEqual(expect.any(String));

    expect(await runAssetCleanup({ olderThanMs: 0 })).toBe(1);
    expect(await remainingIds()).toEqual([kept.id]);
    expect(await exists(gone)).toBe(false);
  });

  it('removes a confirmed upload never attached once older than the age; keeps a younger, an attached and a referenced one', async () => {
    const billboard = await Billboard.create({ teamId: 1, name: 'Spring' });
    const abandoned = await confirmedUpload(25 * HOUR);
    const younger = await confirmedUpload(23 * HOUR);
    const attached = await confirmedUpload(25 * HOUR);
    await billboard.attach('documents', attached.id);
    const [marker] = await db().execute(
      sql`select metadata ? 'awaitingAttachSince' as awaiting from service_assets where id = ${attached.id}`,
    );
    expect(marker?.awaiting).toBe(false);
    // Kept by an app's own column (a user's avatar, say) with a foreign key, never attached or long detached.
    const referenced = await confirmedUpload(25 * HOUR);
    const detachedReferenced = await seedAsset('ready', { age: 30 * 24 * HOUR, detachedAgo: 25 * HOUR });
    await db().execute(sql`create table profiles (id serial primary key,
      avatar_asset_id integer references service_assets (id), banner_key text references service_assets (key))`);
    try {
      await db().execute(sql`insert into profiles (avatar_asset_id, banner_key)
        values (${referenced.id}, null), (null, ${detachedReferenced.key})`);

      expect(await runAssetCleanup()).toBe(1);

      expect(await remainingIds()).toEqual([younger, attached, referenced, detachedReferenced].map((a) => a.id));
      expect(await exists(abandoned)).toBe(false);
      for (const kept of [younger, attached, referenced, detachedReferenced]) expect(await exists(kept)).toBe(true);
    } finally {
      await db().execute(sql`drop table profiles`);
    }
  });

  it('never removes an upload confirmed less than the attach grace ago, even with an age of 0', async () => {
    const justConfirmed = await confirmedUpload(0);
    const beyondGrace = await confirmedUpload(ATTACH_GRACE_MS + 60_000);
    expect(await runAssetCleanup({ olderThanMs: 0 })).toBe(1);
    expect(await remainingIds()).toEqual([justConfirmed.id]);
    expect(await exists(justConfirmed)).toBe(true);
    expect(await exists(beyondGrace)).toBe(false);
  });

  it('removes abandoned uploads with as many statements for five as for one', async () => {
    await confirmedUpload(25 * HOUR);
    const one = await countQueries(() => runAssetCleanup());
    expect(one.result).toBe(1);
    for (let i = 0; i < 5; i++) await confirmedUpload(25 * HOUR);
    const five = await countQueries(() => runAssetCleanup());
    expect(five.result).toBe(5);
    expect(five.count).toBe(one.count);
  });

  it('works in batches', async () => {
    for (let i = 0; i < 7; i++) await seedAsset('pending', { age: 25 * HOUR, object: i % 2 === 0 });
    expect(await runAssetCleanup({ batchSize: 2 })).toBe(7);
    expect(await remainingIds()).toEqual([]);
  });

  it('two concurrent runs share the work: the counts add up to the stale set, no errors', async () => {
    const stale = 120;
    for (let i = 0; i < stale; i++) {
      await seedAsset(i % 2 ? 'pending' : 'ready', {
        age: 25 * HOUR,
        object: i % 4 === 0,
        ...(i % 2 ? {} : { detachedAgo: 25 * HOUR }),
      });
    }
    const keep = await seedAsset('pending', { age: HOUR });
    const counts = await Promise.all([runAssetCleanup({ batchSize: 10 }), runAssetCleanup({ batchSize: 10 })]);
    expect(counts[0] + counts[1]).toBe(stale);
    expect(await remainingIds()).toEqual([keep.id]);
  });

  it('rejects bad options', async () => {
    await expect(runAssetCleanup({ olderThanMs: -1 })).rejects.toThrow(RangeError);
    await expect(runAssetCleanup({ olderThanMs: Number.NaN })).rejects.toThrow(RangeError);
    await expect(runAssetCleanup({ batchSize: 0 })).rejects.toThrow(RangeError);
  });

  // Last: stops the S3 server.
  it('with storage down: 503, and the rows stay for the next run', async () => {
    const pending = await seedAsset('pending', { age: 25 * HOUR });
    await env.storage().stop();
    await expect(runAssetCleanup()).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(await remainingIds()).toEqual([pending.id]);
  });
});
