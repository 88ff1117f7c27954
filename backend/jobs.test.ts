/**
 * The app's image job with its runner, on real PostgreSQL and s3rver: a file
 * that reaches the job and cannot be decoded leaves its asset marked
 * `variantsStatus: 'failed'` with the reason, after one attempt; a good image
 * gets its size and placeholder, and the variants its slot declares, then
 * `ready`.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type DemoWorld, seedDemo } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { Asset, AssetService, headObject, type JobRunner } from '@/server';
import { startTestStorage, type TestStorage, until } from '@/server/testing';
import { startAppJobs } from './jobs';

/**
 * 29 bytes: the PNG signature and an IHDR chunk of 13 zero bytes without its
 * checksum (a 0 x 0 image, cut short). The magic-byte sniff says PNG;
 * libvips cannot read the header.
 */
const FAKE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(13),
]);

let world: DemoWorld;
let storage: TestStorage;
let runner: JobRunner;

beforeAll(async () => {
  world = await seedDemo();
  storage = await startTestStorage();
  runner = await startAppJobs({ work: true });
});
afterAll(async () => {
  await runner?.stop();
  await storage?.stop();
  await closeDb();
});

/** The asset once its image job has run (its variants are no longer pending). */
async function afterImageJob(id: number, what: string): Promise<Asset> {
  return until(
    async () => {
      const asset = await Asset.find(id);
      return asset.variantsStatus !== 'pending' && asset;
    },
    20_000,
    what,
  );
}

/** A 300 x 200 PNG stored from the server with `metadata`, once its image job has run. */
async function processedGoodPng(metadata: Record<string, unknown>, waitingFor: string): Promise<Asset> {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();
  const asset = await AssetService.createFromService({
    filename: 'good.png',
    contentType: 'image/png',
    buffer: png,
    access: 'public',
    metadata,
  });
  return afterImageJob(asset.id, waitingFor);
}

// demo:begin
// With an image slot (the demo's campaign logo), bytes that only look like a PNG are refused at confirm already.
describe('an image slot (the demo campaign logo)', () => {
  it('a 29-byte "PNG" is refused at confirm with a 422 naming the file; its object and row are removed', async () => {
    expect(FAKE_PNG.byteLength).toBe(29);
    const teamId = world.acme.id;
    const presigned = await api<{ asset: { id: number }; uploadUrl: string; headers: Record<string, string> }>(
      'POST',
      `/teams/${teamId}/uploads/presign`,
      {
        cookie: world.alice,
        body: { filename: 'broken-logo.png', contentType: 'image/png', byteSize: 29, slot: 'Campaign.logo' },
      },
    );
    expect(presigned.status).toBe(200);
    const { asset, uploadUrl, headers } = presigned.body;
    expect((await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(FAKE_PNG) })).status).toBe(200);
    const [row] = (await db().execute(
      sql`select staging_key from service_assets where id = ${asset.id}`,
    )) as unknown as { staging_key: string }[];

    const confirmed = await api<{ error: { code: string; fields: { contentType: string[] } } }>(
      'POST',
      `/teams/${teamId}/uploads/confirm`,
      { cookie: world.alice, body: { assetId: asset.id } },
    );
    expect(confirmed.status).toBe(422);
    expect(confirmed.body.error.code).toBe('UNPROCESSABLE_ENTITY');
    expect(confirmed.body.error.fields.contentType[0]).toMatch(/^broken-logo\.png cannot be read as an image/);
    expect(await headObject(String(row?.staging_key))).toBeNull();
    expect(await Asset.where({ id: asset.id }).first()).toBeNull();
  });
});
// demo:end

describe('undecodable images', () => {
  it('a file that reaches the image job undecodable fails for good at once and marks its asset', async () => {
    // A server-side import skips confirm: the job is what finds out.
    const asset = await AssetService.createFromService({
      filename: 'imported.png',
      contentType: 'image/png',
      buffer: FAKE_PNG,
      access: 'public',
      metadata: { scope: { teamId: world.acme.id } },
    });
    expect(asset.variantsStatus).toBe('pending');
    const marked = await afterImageJob(asset.id, 'the asset to be marked');
    expect(marked.toJSON()).toMatchObject({
      status: 'ready',
      variantsStatus: 'failed',
      variantsError: expect.stringMatching(/^imported\.png could not be read as an image/),
      variants: {},
    });
    const jobs = await runner.boss
      .getDb()
      .executeSql(`select state, retry_count from pgboss.job where name = 'asset-images' and data->>'assetId' = $1`, [
        String(asset.id),
      ]);
    // Not retried: the same bytes cannot decode on a later attempt.
    expect(jobs.rows).toEqual([{ state: 'failed', retry_count: 0 }]);
  });

  it('a good image gets its size and placeholder, no variants without a slot, and variantsStatus ready', async () => {
    const done = await processedGoodPng({ scope: { teamId: world.acme.id } }, 'the image job');
    expect(done.toJSON()).toMatchObject({ variantsStatus: 'ready', variantsError: null, width: 300, height: 200 });
    expect(done.placeholder).toEqual(expect.any(String));
    expect(done.variants).toEqual({});
  });

  // demo:begin
  it('a good logo gets its thumbnail and variantsStatus ready', async () => {
    const done = await processedGoodPng({ slot: 'Campaign.logo', scope: { teamId: world.acme.id } }, 'the thumbnail');
    expect(done.toJSON()).toMatchObject({ variantsStatus: 'ready', variantsError: null, width: 300, height: 200 });
    expect(done.variants.thumb).toMatchObject({ width: 128, height: 85 });
  });
  // demo:end
});
