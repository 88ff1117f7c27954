/**
 * The image job's work on real PostgreSQL and s3rver: a 4000 x 3000 PNG gets
 * its size, a placeholder and the slot's 128 px WebP thumb, stored beside it
 * and served at the variant's URL; other files are skipped; an undecodable
 * image fails for good (no retry can help) and leaves the asset ready;
 * cleanup removes the variants too.
 * Also: a confirmed upload is announced once (the app enqueues the job then).
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Asset,
  AssetService,
  db,
  onAssetReady,
  PermanentJobError,
  processAssetImages,
  runAssetCleanup,
} from '@/server';
import { headObject } from './objectStore';
import { MAX_ANALYZED_BYTES } from './processAssetImages';
import { call } from './testing/attachmentFixtures';
import { ALICE, setUpUploadEnvironment, upload } from './testing/uploadFlow';

setUpUploadEnvironment();

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function bigPng(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

async function logoAsset(buffer: Buffer, contentType = 'image/png'): Promise<Asset> {
  return AssetService.createFromService({
    filename: 'poster.png',
    contentType,
    buffer,
    access: 'public',
    metadata: { slot: 'Billboard.logo', scope: { teamId: 1 } },
  });
}

describe('processAssetImages', () => {
  it('a 4000 x 3000 PNG: dimensions, placeholder and a 128 px WebP thumb at its own URL', async () => {
    const asset = await logoAsset(await bigPng());
    expect(await processAssetImages(asset.id)).toBe('processed');

    const reloaded = await Asset.find(asset.id);
    expect(reloaded).toMatchObject({ width: 4000, height: 3000 });
    expect(Buffer.from(String(reloaded.placeholder), 'base64').byteLength).toBeGreaterThan(5);
    const json = (await reloaded.withUrl()).toJSON();
    expect(json.variants).toEqual({
      thumb: { url: expect.stringContaining('.thumb.webp'), width: 128, height: 96, contentType: 'image/webp' },
    });
    const thumb = await fetch(String(json.variants.thumb?.url));
    expect(thumb.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 128, height: 96 });
    // Beside the original, same access prefix.
    expect(reloaded.variants.thumb?.key.startsWith(`${reloaded.key}.`)).toBe(true);
  });

  it('skips files that are not raster images, and leaves their variants empty', async () => {
    const pdf = await AssetService.createFromService({
      filename: 'a.pdf',
      contentType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7 x'),
      access: 'private',
    });
    expect(await processAssetImages(pdf.id)).toBe('skipped');
    expect((await Asset.find(pdf.id)).toJSON()).toMatchObject({
      width: null,
      height: null,
      variants: {},
      variantsStatus: 'ready',
    });
  });

  it('an undecodable image fails the job for good and leaves the asset ready and usable', async () => {
    const broken = await logoAsset(Buffer.from('not really a png'));
    const failure = processAssetImages(broken.id);
    await expect(failure).rejects.toBeInstanceOf(PermanentJobError);
    await expect(failure).rejects.toThrow(/^poster\.png could not be read as an image/);
    const reloaded = await (await Asset.find(broken.id)).withUrl();
    expect(reloaded.toJSON()).toMatchObject({ status: 'ready', width: null, variants: {} });
    expect(reloaded.url).toBeTruthy();
  });

  it('a file over the size limit is marked failed at once, its message naming the file in binary units', async () => {
    const large = await logoAsset(await bigPng());
    await Asset.where({ id: large.id }).updateAll({ byteSize: MAX_ANALYZED_BYTES + 1 });
    expect(await processAssetImages(large.id)).toBe('failed');
    expect((await Asset.find(large.id)).toJSON()).toMatchObject({
      status: 'ready',
      variantsStatus: 'failed',
      variantsError: 'poster.png is larger than 50 MiB: no preview is made',
    });
  });

  it('cleanup removes the variant objects with the original', async () => {
    const asset = await logoAsset(await bigPng());
    await processAssetImages(asset.id);
    const { key, variants } = await Asset.find(asset.id);
    const thumbKey = String(variants.thumb?.key);
    expect(await headObject(thumbKey)).not.toBeNull();
    // Detached long ago: the cleanup's business.
    await db().execute(
      sql`update service_assets set metadata = metadata || '{"detachedAt": "2000-01-01T00:00:00.000Z"}' where id = ${asset.id}`,
    );
    expect(await runAssetCleanup({ olderThanMs: 1_000 })).toBe(1);
    expect(await headObject(key)).toBeNull();
    expect(await headObject(thumbKey)).toBeNull();
  });
});

describe('onAssetReady', () => {
  it('announces a confirmed upload once, after its commit; a repeated confirm announces nothing', async () => {
    const announced: number[] = [];
    stops.push(onAssetReady((asset) => announced.push(asset.id)));
    const { asset } = await upload();
    for (let i = 0; i < 2; i++) {
      const confirmed = await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId: asset.id } });
      expect(confirmed.status).toBe(200);
    }
    expect(announced).toEqual([asset.id]);
  });

  it("a listener's failure never fails the upload", async () => {
    stops.push(
      onAssetReady(() => {
        throw new Error('queue down');
      }),
    );
    const { asset } = await upload();
    expect((await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId: asset.id } })).status).toBe(
      200,
    );
  });
});
