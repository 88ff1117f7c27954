import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStorage, type TestStorage } from '../testing/testStorage';
import { configureStorage, storageConfig } from './configureStorage';
import { generateObjectKey } from './objectKey';
import { deleteObject, headObject, putObject, UPLOAD_PART_SIZE, UPLOAD_QUEUE_SIZE } from './objectStore';
import { s3Client } from './s3Client';

let storage: TestStorage;
beforeAll(async () => {
  storage = await startTestStorage();
});
afterAll(() => storage.stop());

async function download(key: string): Promise<Buffer> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: storageConfig().bucket, Key: key }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Random bytes in 64 KB chunks, hashed as they are produced; calls `onChunk` with the running total. */
function randomSource(total: number, onChunk: (produced: number) => void = () => {}) {
  const hash = createHash('sha256');
  async function* chunks() {
    let produced = 0;
    while (produced < total) {
      const chunk = randomBytes(Math.min(65_536, total - produced));
      hash.update(chunk);
      produced += chunk.byteLength;
      onChunk(produced);
      yield chunk;
    }
  }
  return { chunks, digest: () => hash.digest('hex') };
}

describe('headObject / deleteObject', () => {
  it('HEAD returns null for a missing key; delete removes an object and is idempotent', async () => {
    const key = generateObjectKey('a.txt', 'text/plain', 'private');
    expect(await headObject(key)).toBeNull();
    await putObject({ key, body: Buffer.from('hello'), contentType: 'text/plain' });
    expect(await headObject(key)).toMatchObject({ byteSize: 5, contentType: 'text/plain' });
    await deleteObject(key);
    expect(await headObject(key)).toBeNull();
    await expect(deleteObject(key)).resolves.toBeUndefined();
  });
});

describe("region 'auto' (R2 style)", () => {
  it('works with an endpoint', async () => {
    configureStorage({ ...storage.options, region: 'auto' });
    try {
      const key = generateObjectKey('r2.txt', 'text/plain', 'private');
      await putObject({ key, body: Buffer.from('auto'), contentType: 'text/plain' });
      expect(await headObject(key)).toMatchObject({ byteSize: 4 });
      expect((await download(key)).toString()).toBe('auto');
      expect(await s3Client().config.region()).toBe('auto');
    } finally {
      configureStorage(storage.options);
    }
  });
});

describe('putObject', () => {
  it('uploads a Buffer in one PutObject and reports size and ETag', async () => {
    const key = generateObjectKey('photo.jpg', 'image/jpeg', 'private');
    const body = randomBytes(300_000);
    const result = await putObject({ key, body, contentType: 'image/jpeg', byteSize: body.byteLength });
    const md5 = createHash('md5').update(body).digest('hex');
    expect(result).toEqual({ byteSize: 300_000, etag: md5 });
    expect(await headObject(key)).toEqual({ byteSize: 300_000, contentType: 'image/jpeg', etag: md5 });
    expect(sha256(await download(key))).toBe(sha256(body));
  });

  it('uploads a plain Uint8Array (a view into a larger buffer)', async () => {
    const key = generateObjectKey('x.bin', 'application/octet-stream', 'private');
    const backing = randomBytes(1000);
    const body = new Uint8Array(backing.buffer, backing.byteOffset + 100, 500);
    await putObject({ key, body, contentType: 'application/octet-stream' });
    expect(sha256(await download(key))).toBe(sha256(body));
  });

  it('refuses a Buffer whose byteSize is wrong, before any I/O', async () => {
    const key = generateObjectKey('x.txt', 'text/plain', 'private');
    await expect(putObject({ key, body: Buffer.from('abc'), contentType: 'text/plain', byteSize: 4 })).rejects.toThrow(
      RangeError,
    );
    expect(await headObject(key)).toBeNull();
  });

  it('streams a 40 MB Node stream in parts, byte-identical, never reading far ahead of the upload', async () => {
    const total = 40 * 1024 * 1024;
    let produced = 0;
    const source = randomSource(total, (n) => {
      produced = n;
    });
    // Watch how far the source runs ahead of what the store has acknowledged.
    let acknowledged = 0;
    let maxAhead = 0;
    const stream = Readable.from(source.chunks()).on('data', () => {
      maxAhead = Math.max(maxAhead, produced - acknowledged);
    });
    const key = generateObjectKey('video.mp4', 'video/mp4', 'private');
    const progress: number[] = [];
    const onProgress = (uploaded: number) => {
      acknowledged = uploaded;
      progress.push(uploaded);
    };

    const result = await putObject({ key, body: stream, contentType: 'video/mp4', byteSize: total, onProgress });
    expect(result.byteSize).toBe(total);
    // One progress report per 8 MB part. (s3rver gives multipart objects a plain MD5 ETag, AWS `<md5>-5`.)
    expect(progress).toEqual([1, 2, 3, 4, 5].map((part) => part * UPLOAD_PART_SIZE));
    expect(await headObject(key)).toMatchObject({ byteSize: total, contentType: 'video/mp4' });
    expect(sha256(await download(key))).toBe(source.digest());
    expect(acknowledged).toBe(total);
    expect(maxAhead).toBeGreaterThan(UPLOAD_PART_SIZE);
    expect(maxAhead).toBeLessThanOrEqual((UPLOAD_QUEUE_SIZE + 1) * UPLOAD_PART_SIZE + 2 * 1024 * 1024);
  });

  it('streams a web ReadableStream across a part boundary', async () => {
    const total = UPLOAD_PART_SIZE + 123_457;
    const source = randomSource(total);
    // A web stream, as `fetch()` bodies and `File.stream()` are.
    const iterator = source.chunks();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    const key = generateObjectKey('data.csv', 'text/csv', 'private');
    const progress: number[] = [];
    const result = await putObject({ key, body, contentType: 'text/csv', onProgress: (n) => progress.push(n) });
    expect(result.byteSize).toBe(total);
    // Two parts (the order they finish in varies); the last report covers everything.
    expect(progress).toHaveLength(2);
    expect(Math.max(...progress)).toBe(total);
    expect(sha256(await download(key))).toBe(source.digest());
  });

  it('uploads a small stream in a single request', async () => {
    const key = generateObjectKey('note.txt', 'text/plain', 'private');
    const result = await putObject({ key, body: Readable.from(['hello ', 'world']), contentType: 'text/plain' });
    expect(result).toEqual({ byteSize: 11, etag: createHash('md5').update('hello world').digest('hex') });
    expect((await download(key)).toString()).toBe('hello world');
  });

  it('aborts a stream longer than its declared byteSize, leaving nothing behind', async () => {
    const key = generateObjectKey('big.bin', 'application/octet-stream', 'private');
    const source = randomSource(UPLOAD_PART_SIZE * 2 + 10);
    await expect(
      putObject({
        key,
        body: Readable.from(source.chunks()),
        contentType: 'application/octet-stream',
        byteSize: UPLOAD_PART_SIZE * 2,
      }),
    ).rejects.toThrow(/longer than the declared byteSize/);
    expect(await headObject(key)).toBeNull();
  });

  it('deletes a stream shorter than its declared byteSize and says so', async () => {
    const key = generateObjectKey('short.bin', 'application/octet-stream', 'private');
    await expect(
      putObject({
        key,
        body: Readable.from([Buffer.alloc(10)]),
        contentType: 'application/octet-stream',
        byteSize: 11,
      }),
    ).rejects.toThrow(/ended after 10 bytes, 11 were declared/);
    expect(await headObject(key)).toBeNull();
  });
});
