/**
 * Attachments in an answer built from records' rows (server/controller/serialize.ts,
 * server/model/recordJson.ts): Asset overrides toJSON (its signed URLs live
 * outside the attributes), so it keeps the slow path inside a record built
 * from its row, and the wire bytes are the ones every record's toJSON gave:
 * public and private (presigned) URLs, variants, pending assets, a has-one
 * slot and a has-many one. No network: presigning is local, and nothing here
 * reads the store.
 */
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { serialize } from '../controller/serialize';
import { Model } from '../model';
import { defaultRecordJson } from '../model/recordJson';
import { Asset } from './Asset';
import { configureStorage } from './configureStorage';

const owners = pgTable('json_owners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  teamId: integer('team_id'),
  createdAt: timestamp('created_at', { withTimezone: true }),
});
class Owner extends Model(owners, { name: 'JsonOwner' }) {}

beforeAll(() => {
  configureStorage({
    bucket: 'uploads',
    region: 'us-east-1',
    accessKeyId: 'AKID',
    secretAccessKey: 'SECRET',
    endpoint: 'http://127.0.0.1:9',
    privateUrlExpiry: 600,
  });
});

function asset(row: Record<string, unknown>): Asset {
  return Asset.instantiate({
    id: 1,
    key: 'public/2026/11/abc.png',
    stagingKey: null,
    multipart: null,
    filename: 'logo "final".png',
    contentType: 'image/png',
    byteSize: 14_000,
    checksum: 'etag',
    checksumSha256: null,
    width: 400,
    height: 400,
    placeholder: 'abc=',
    variants: { thumb: { key: 'public/2026/11/abc.thumb.webp', width: 128, height: 128, contentType: 'image/webp' } },
    variantsStatus: 'ready',
    variantsError: null,
    status: 'ready',
    access: 'public',
    metadata: { slot: 'JsonOwner.logo', scope: { teamId: 1 } },
    createdAt: new Date('2026-11-26T09:00:00.000Z'),
    updatedAt: new Date('2026-11-26T09:00:01.000Z'),
    ...row,
  });
}

describe('serialize with attachments', () => {
  it('answers records with signed public and private assets as their toJSON does', async () => {
    const logo = await asset({}).withUrl();
    const privateDoc = await asset({ id: 2, key: 'private/2026/11/r.pdf', access: 'private', variants: {} }).withUrl();
    const pending = await asset({ id: 3, status: 'pending', variantsStatus: 'pending' }).withUrl();
    const unsigned = asset({ id: 4 }); // loaded without signing: url null
    const record = Owner.instantiate({ id: 9, name: 'Acme', teamId: 1, createdAt: new Date(0) });
    record.setAssociation('logo', logo);
    record.setAssociation('documents', [privateDoc, pending, unsigned]);
    record.setAssociation('video', null);
    const page = {
      data: [record, Owner.instantiate({ id: 10, name: 'No files', teamId: null, createdAt: null })],
      pagination: { page: 1, perPage: 20, totalCount: 2, totalCountCapped: false, hasMore: false },
    };

    const toJSON = vi.spyOn(Asset.prototype, 'toJSON');
    // The slow path: every record through its toJSON, then serialised (JSON.parse keeps key order).
    const expected = JSON.stringify(serialize(JSON.parse(JSON.stringify(page))));
    toJSON.mockClear();
    const written = JSON.stringify(serialize(page));
    expect(written).toBe(expected);
    expect(toJSON).toHaveBeenCalledTimes(4); // each asset through its own toJSON: the slow path
    expect(defaultRecordJson(logo, serialize)).toBeNull();
    expect(defaultRecordJson(record, serialize)).not.toBeNull();

    const parsed = JSON.parse(written as string) as { data: { logo: { url: string }; documents: { url: string }[] }[] };
    expect(parsed.data[0]?.logo.url).toBe('http://127.0.0.1:9/uploads/public/2026/11/abc.png');
    expect(parsed.data[0]?.documents[0]?.url).toContain('X-Amz-Signature=');
    expect(written).not.toContain('"key"');
    toJSON.mockRestore();
  });
});
