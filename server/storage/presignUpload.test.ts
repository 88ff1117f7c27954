import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStorage, type TestStorage } from '../testing/testStorage';
import { configureStorage, storageConfig } from './configureStorage';
import { generateObjectKey } from './objectKey';
import { headObject } from './objectStore';
import { presignUpload } from './presignUpload';

let storage: TestStorage;
beforeAll(async () => {
  storage = await startTestStorage({ uploadUrlExpiry: 123 });
});
afterAll(() => storage.stop());

describe('presignUpload', () => {
  it('signs host, content-type and content-length, expiring after uploadUrlExpiry', async () => {
    const before = Date.now();
    const key = generateObjectKey('logo.png', 'image/png', 'public');
    const presigned = await presignUpload({ key, contentType: 'image/png', byteSize: 1234 });
    const url = new URL(presigned.url);

    expect(url.origin).toBe(storage.s3.endpoint);
    expect(url.pathname).toBe(`/${storage.s3.bucket}/${key}`);
    const signed = url.searchParams.get('X-Amz-SignedHeaders')?.split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('123');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    // No checksum of an empty body signed into the URL (would break R2/MinIO uploads).
    expect([...url.searchParams.keys()].some((name) => /checksum/i.test(name))).toBe(false);

    expect(presigned.method).toBe('PUT');
    expect(presigned.headers).toEqual({ 'Content-Type': 'image/png' });
    const expiresAt = Date.parse(presigned.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 123_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 123_000);
  });

  it('uses the default expiry of 300 s', async () => {
    const { uploadUrlExpiry: _, ...options } = storage.options;
    configureStorage(options);
    try {
      const presigned = await presignUpload({ key: 'k', contentType: 'text/plain', byteSize: 1 });
      expect(new URL(presigned.url).searchParams.get('X-Amz-Expires')).toBe('300');
      expect(storageConfig().uploadUrlExpiry).toBe(300);
    } finally {
      configureStorage(storage.options);
    }
  });

  it('accepts a fetch PUT with the returned headers; HEAD then sees its size and type', async () => {
    const body = Buffer.from('%PDF-1.7 not really a pdf, but bytes all the same');
    const key = generateObjectKey('report.pdf', 'application/pdf', 'private');
    const presigned = await presignUpload({ key, contentType: 'application/pdf', byteSize: body.byteLength });

    expect(await headObject(key)).toBeNull();
    const response = await fetch(presigned.url, { method: presigned.method, headers: presigned.headers, body });
    expect(response.status).toBe(200);

    const head = await headObject(key);
    expect(head).toMatchObject({ byteSize: body.byteLength, contentType: 'application/pdf' });
    expect(head?.etag).toMatch(/^[0-9a-f]{32}$/);
  });

  it("with the client's SHA-256: signs x-amz-checksum-sha256 as a header the client must send, not a query parameter", async () => {
    const body = Buffer.from('%PDF-1.7 checked bytes');
    const checksumSha256 = createHash('sha256').update(body).digest('base64');
    const key = generateObjectKey('report.pdf', 'application/pdf', 'private');
    const presigned = await presignUpload({
      key,
      contentType: 'application/pdf',
      byteSize: body.byteLength,
      checksumSha256,
    });
    const url = new URL(presigned.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual([
      'content-length',
      'content-type',
      'host',
      'x-amz-checksum-sha256',
    ]);
    expect([...url.searchParams.keys()].some((name) => /checksum/i.test(name))).toBe(false);
    expect(presigned.headers).toEqual({ 'Content-Type': 'application/pdf', 'x-amz-checksum-sha256': checksumSha256 });
    // s3rver ignores the header (a real store verifies it): the upload still works.
    const response = await fetch(presigned.url, { method: 'PUT', headers: presigned.headers, body });
    expect(response.status).toBe(200);
    console.info(
      's3rver does not verify x-amz-checksum-sha256; S3, R2 and MinIO refuse a body that does not hash to it',
    );
  });

  it.each(['', 'abc', `${'A'.repeat(43)}=`.replace(/A=$/, 'B='), 'A'.repeat(44), `${'A'.repeat(42)}A==`])(
    'refuses %j as a SHA-256',
    async (checksumSha256) => {
      await expect(presignUpload({ key: 'k', contentType: 'text/plain', byteSize: 1, checksumSha256 })).rejects.toThrow(
        RangeError,
      );
    },
  );

  it('rejects a byteSize that is not a non-negative integer', async () => {
    await expect(presignUpload({ key: 'k', contentType: 'text/plain', byteSize: -1 })).rejects.toThrow(RangeError);
    await expect(presignUpload({ key: 'k', contentType: 'text/plain', byteSize: 1.5 })).rejects.toThrow(RangeError);
  });
});
