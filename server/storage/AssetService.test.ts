/**
 * AssetService.createFromService on real PostgreSQL and s3rver: buffers and
 * streams become ready assets, and a failed row insert leaves no object.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AssetService, db, publicObjectUrl, UPLOAD_PART_SIZE } from '@/server';
import { headObject } from './objectStore';
import { s3Client } from './s3Client';
import { Billboard } from './testing/attachmentFixtures';
import { setUpBillboardStorage } from './testing/setUpBillboardStorage';

const env = setUpBillboardStorage();

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

async function objectKeys(): Promise<string[]> {
  const listing = await s3Client().send(new ListObjectsV2Command({ Bucket: env.storage().s3.bucket }));
  return (listing.Contents ?? []).map((object) => object.Key ?? '');
}

async function download(url: string | null): Promise<Buffer> {
  const response = await fetch(String(url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('AssetService.createFromService', () => {
  it('a buffer -> a ready private asset with id, size, checksum and a working signed URL', async () => {
    const buffer = Buffer.from('%PDF-1.7 generated on the server');
    const asset = await AssetService.createFromService({
      filename: 'invoice 42.pdf',
      contentType: 'application/pdf',
      buffer,
      access: 'private',
      metadata: { scope: { teamId: 1 } },
    });
    expect(asset.toJSON()).toMatchObject({
      id: 1,
      filename: 'invoice 42.pdf',
      contentType: 'application/pdf',
      byteSize: buffer.byteLength,
      checksum: md5(buffer),
      status: 'ready',
      access: 'private',
    });
    const [row] = await db().execute(sql`select status, metadata, key from service_assets`);
    expect(row).toMatchObject({ status: 'ready', metadata: { scope: { teamId: 1 } }, key: asset.key });
    expect(asset.key).toMatch(/^private\/\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect((await download(asset.url)).equals(buffer)).toBe(true);
    expect(await headObject(asset.key)).toMatchObject({ byteSize: buffer.byteLength, contentType: 'application/pdf' });

    // It fits a slot like an uploaded file (type, size, access, scope).
    const billboard = await Billboard.create({ teamId: 1, name: 'Spring' });
    await billboard.attach('documents', asset.id);
    await billboard.load('documents');
    expect(billboard.toJSON()).toMatchObject({ documents: [{ id: asset.id }] });
  });

  it('a multi-part stream, uploaded with bounded memory, read back intact; public URL', async () => {
    const size = UPLOAD_PART_SIZE + 1024 * 1024 + 7; // two parts
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const hash = createHash('md5');
    const stream = Readable.from(
      (function* () {
        while (sent < size) {
          const piece = chunk.subarray(0, Math.min(chunk.length, size - sent)).fill(sent % 251);
          sent += piece.length;
          hash.update(piece);
          yield Buffer.from(piece);
        }
      })(),
    );
    const asset = await AssetService.createFromService({
      filename: 'export.bin',
      contentType: 'application/octet-stream',
      stream,
      access: 'public',
    });
    expect(asset.byteSize).toBe(size);
    // The store's ETag (S3: `<md5 of part md5s>-2` for two parts; s3rver gives the whole object's md5).
    expect(asset.checksum).toBe((await headObject(asset.key))?.etag);
    expect(asset.checksum).toMatch(/^[0-9a-f]{32}(-2)?$/);
    expect(asset.url).toBe(publicObjectUrl(asset.key));
    expect(asset.key).toMatch(/^public\//);
    const bytes = await download(asset.url);
    expect(bytes.byteLength).toBe(size);
    expect(md5(bytes)).toBe(hash.digest('hex'));
  });

  it('a web ReadableStream with a declared byteSize', async () => {
    const body = new TextEncoder().encode('id,name\n1,Ada\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.subarray(0, 5));
        controller.enqueue(body.subarray(5));
        controller.close();
      },
    });
    const asset = await AssetService.createFromService({
      filename: 'people.csv',
      contentType: 'text/csv',
      stream,
      byteSize: body.byteLength,
      access: 'private',
    });
    expect(asset.byteSize).toBe(body.byteLength);
    expect(md5(await download(asset.url))).toBe(md5(body));
  });

  it('a stream shorter than its declared byteSize is refused, leaving nothing', async () => {
    const before = await objectKeys();
    await expect(
      AssetService.createFromService({
        filename: 'short.txt',
        contentType: 'text/plain',
        stream: Readable.from([Buffer.from('abc')]),
        byteSize: 10,
        access: 'private',
      }),
    ).rejects.toThrow(RangeError);
    expect(await objectKeys()).toEqual(before);
    expect(await db().execute(sql`select id from service_assets`)).toEqual([]);
  });

  it('when the row cannot be written, the object is deleted and the error propagates', async () => {
    await db().execute(sql`
      create function refuse_assets() returns trigger language plpgsql as $$
        begin raise exception 'refused by test trigger'; end $$;
      create trigger refuse_assets before insert on service_assets for each row execute function refuse_assets();
    `);
    const before = await objectKeys();
    try {
      await expect(
        AssetService.createFromService({
          filename: 'x.txt',
          contentType: 'text/plain',
          buffer: Buffer.from('x'),
          access: 'private',
        }),
      ).rejects.toMatchObject({ cause: { message: 'refused by test trigger' } });
      expect(await objectKeys()).toEqual(before);
      expect(await db().execute(sql`select id from service_assets`)).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger refuse_assets on service_assets; drop function refuse_assets();`);
    }
  });

  it.each([
    ['no body', { filename: 'x', contentType: 'text/plain', access: 'private' }],
    [
      'both bodies',
      {
        filename: 'x',
        contentType: 'text/plain',
        access: 'private',
        buffer: Buffer.from('x'),
        stream: Readable.from([]),
      },
    ],
    [
      'an unknown access',
      { filename: 'x', contentType: 'text/plain', access: 'public-read', buffer: Buffer.from('x') },
    ],
    [
      'a malformed type',
      { filename: 'x', contentType: 'text/plain\r\nx: y', access: 'private', buffer: Buffer.from('x') },
    ],
  ])('refuses %s before uploading anything', async (_label, input) => {
    const before = await objectKeys();
    // biome-ignore lint/suspicious/noExplicitAny: deliberately invalid input.
    await expect(AssetService.createFromService(input as any)).rejects.toThrow(TypeError);
    expect(await objectKeys()).toEqual(before);
  });
});
