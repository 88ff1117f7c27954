/**
 * Test-only helpers of the upload-flow tests: one billboard per team, a
 * real s3rver with a small global limit, and the client's side of the flow
 * (presign + PUT + confirm) through the API handler.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { db, KiB } from '@/server';
import { TINY_PNG } from '../../testing/samplePng';
import { closeTestDatabase } from '../../testing/testDatabase';
import { startTestStorage, type TestStorage } from '../../testing/testStorage';
import { resetStorageProbe } from '../storageProbe';
import { call, createBillboardsTable } from './attachmentFixtures';

export const GLOBAL_MAX = 64 * KiB;
export const ALICE = '7:1'; // member of team 1
export const BOB = '8:2'; // member of team 2
export const MALLORY = '9:1'; // another member of team 1

/** Registers the file's hooks: table with billboard 1 (team 1) and 2 (team 2), s3rver, empty asset tables per test. */
export function setUpUploadEnvironment(): { storage: () => TestStorage } {
  let storage: TestStorage | undefined;
  beforeAll(async () => {
    await createBillboardsTable();
    await db().execute(sql`insert into billboards (team_id, name) values (1, 'Spring'), (2, 'Globex')`);
    storage = await startTestStorage({ defaultMaxSize: GLOBAL_MAX, privateUrlExpiry: 600 });
  });
  afterAll(async () => {
    await storage?.stop();
    await closeTestDatabase();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate service_attachments, service_assets restart identity`);
    resetStorageProbe();
  });
  return {
    storage: () => {
      if (!storage) throw new Error('storage not started');
      return storage;
    },
  };
}

export interface AssetRow {
  id: number;
  key: string;
  staging_key: string | null;
  multipart: { uploadId: string; etags: Record<string, string> } | null;
  status: string;
  byte_size: number | null;
  checksum: string | null;
  metadata: Record<string, unknown>;
  updated_at: Date;
}
export const assetRows = async () =>
  (await db().execute(sql`select * from service_assets order by id`)) as unknown as AssetRow[];
export const attachmentRows = async () =>
  await db().execute(sql`select asset_id, attachable_type, attachable_id, name, position from service_attachments
    order by attachable_id, name, position`);

export const PNG = TINY_PNG;
export const PDF = Buffer.from('%PDF-1.7 fake document bytes');

export function presignBody(overrides: Record<string, unknown> = {}) {
  return {
    filename: 'logo.png',
    contentType: 'image/png',
    byteSize: PNG.byteLength,
    slot: 'Billboard.logo',
    ...overrides,
  };
}

/** presign + PUT (+ confirm): the client's side of the flow. */
export async function upload(
  options: { body?: Buffer; slot?: string; contentType?: string; filename?: string; user?: string; team?: number } = {},
) {
  const body = options.body ?? PNG;
  const team = options.team ?? 1;
  const presigned = await call('POST', `/teams/${team}/uploads/presign`, {
    user: options.user ?? ALICE,
    body: presignBody({
      byteSize: body.byteLength,
      ...(options.slot ? { slot: options.slot } : {}),
      ...(options.contentType ? { contentType: options.contentType } : {}),
      ...(options.filename ? { filename: options.filename } : {}),
    }),
  });
  expect(presigned.status).toBe(200);
  const put = await fetch(presigned.body.uploadUrl, {
    method: 'PUT',
    headers: presigned.body.headers,
    body: new Uint8Array(body),
  });
  expect(put.status).toBe(200);
  return presigned.body as { asset: { id: number }; uploadUrl: string; headers: Record<string, string> };
}

export async function uploadAndConfirm(options: Parameters<typeof upload>[0] = {}): Promise<number> {
  const { asset } = await upload(options);
  const confirmed = await call('POST', `/teams/${options.team ?? 1}/uploads/confirm`, {
    user: options.user ?? ALICE,
    body: { assetId: asset.id },
  });
  expect(confirmed.status).toBe(200);
  return asset.id;
}
