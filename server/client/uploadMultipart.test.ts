/**
 * uploadMultipart without a browser: fake API steps that behave like the
 * server's multipart actions (they remember reported parts), a fake part PUT,
 * and an in-memory localStorage. The real endpoints are tested on s3rver in
 * server/storage/UploadsController.multipart.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { UploadAbortedError } from './putFile';
import { rememberedUploads } from './resumableUploads';
import {
  type MultipartSteps,
  type PutPart,
  UPLOAD_PAUSED,
  UploadPausedError,
  uploadMultipart,
} from './uploadMultipart';

const PART = 10;

class FakeServer implements MultipartSteps {
  created = 0;
  completed = 0;
  aborted: number[] = [];
  etags = new Map<number, string>();
  partCount = 0;
  async create(file: { byteSize: number }) {
    this.created += 1;
    this.partCount = Math.ceil(file.byteSize / PART);
    return { asset: { id: 42 }, partSize: PART, partCount: this.partCount };
  }
  async signParts(assetId: number, partNumbers: number[]) {
    if (assetId !== 42 || this.completed > 0 || this.aborted.length > 0) throw new Error('404');
    return {
      parts: partNumbers.map((partNumber) => ({ partNumber, url: `https://s3.test/part/${partNumber}` })),
      uploaded: [...this.etags].map(([partNumber, etag]) => ({ partNumber, etag })),
    };
  }
  async recordPart(_assetId: number, partNumber: number, etag: string) {
    this.etags.set(partNumber, etag);
  }
  async complete() {
    if (this.etags.size !== this.partCount) throw new Error('parts missing');
    this.completed += 1;
    return { id: 42, status: 'ready' };
  }
  async abort(assetId: number) {
    this.aborted.push(assetId);
  }
}

class MemoryStorage {
  items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (index: number) => [...this.items.keys()][index] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

/** A part PUT that records what it sent and fails as `failures` says (part number -> attempts to fail). */
function fakePut(failures: Record<number, number> = {}) {
  const sent: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const putPart: PutPart = async (url, body, { onProgress, signal }) => {
    const partNumber = Number(url.split('/').pop());
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      onProgress(Math.floor(body.size / 2)); // half way, as a real upload reports along the way
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (signal.aborted) throw new UploadAbortedError();
      if ((failures[partNumber] ?? 0) > 0) {
        failures[partNumber] = (failures[partNumber] ?? 0) - 1;
        throw new Error('Storage refused the upload (HTTP 500).');
      }
      onProgress(body.size);
      sent.push(partNumber);
      return `"etag-${partNumber}"`;
    } finally {
      inFlight -= 1;
    }
  };
  return { putPart, sent, maxInFlight: () => maxInFlight };
}

const file = (size: number) =>
  new File([new Uint8Array(size)], 'big.pdf', { type: 'application/pdf', lastModified: 1 });
const options = { retryDelays: [1, 1] };

describe('uploadMultipart', () => {
  it('sends every part once, at most 4 at a time, reports one progress figure, completes and forgets the upload', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const put = fakePut();
    const progress: number[] = [];
    const result = await uploadMultipart(file(75), server, {
      ...options,
      storage,
      putPart: put.putPart,
      onProgress: (loaded, total) => {
        expect(total).toBe(75);
        progress.push(loaded);
      },
    });
    expect(result).toEqual({ id: 42, status: 'ready' });
    expect([...put.sent].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(put.maxInFlight()).toBe(4);
    expect(server.etags.get(8)).toBe('"etag-8"');
    expect(progress.at(-1)).toBe(75);
    expect(Math.max(...progress)).toBe(75);
    expect(storage.items.size).toBe(0);
  });

  it('retries a failing part on its own; three failures stop the upload and keep it resumable', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const flaky = fakePut({ 3: 2 });
    await uploadMultipart(file(40), server, { ...options, storage, putPart: flaky.putPart });
    expect(flaky.sent.filter((n) => n === 3)).toHaveLength(1);

    const broken = fakePut({ 2: 3 });
    const second = new FakeServer();
    await expect(uploadMultipart(file(40), second, { ...options, storage, putPart: broken.putPart })).rejects.toThrow(
      'HTTP 500',
    );
    expect(second.completed).toBe(0);
    expect(storage.items.size).toBe(1);
  });

  it('resumes after an interruption: the same file again sends only the parts the server does not have', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const first = fakePut({ 5: 3, 6: 3, 7: 3, 8: 3 });
    await expect(
      uploadMultipart(file(80), server, { ...options, storage, putPart: first.putPart, concurrency: 1 }),
    ).rejects.toThrow();
    expect([...server.etags.keys()]).toEqual([1, 2, 3, 4]);

    const second = fakePut();
    const progress: number[] = [];
    await uploadMultipart(file(80), server, {
      ...options,
      storage,
      putPart: second.putPart,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(server.created).toBe(1);
    expect([...second.sent].sort()).toEqual([5, 6, 7, 8]);
    expect(progress[0]).toBe(40); // the four parts already there count from the start
    expect(server.completed).toBe(1);
  });

  it('cancel aborts the parts in flight and the upload, and forgets it', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const controller = new AbortController();
    const put = fakePut();
    const upload = uploadMultipart(file(200), server, {
      ...options,
      storage,
      putPart: put.putPart,
      signal: controller.signal,
      onProgress: (loaded) => {
        if (loaded >= 30) controller.abort();
      },
    });
    await expect(upload).rejects.toBeInstanceOf(UploadAbortedError);
    expect(server.aborted).toEqual([42]);
    expect(server.completed).toBe(0);
    expect(put.sent.length).toBeLessThan(20);
    expect(storage.items.size).toBe(0);
  });

  it('pause stops the parts in flight but keeps the upload open and remembered; the same call resumes it', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const controller = new AbortController();
    const first = fakePut();
    const progress: number[] = [];
    const paused = uploadMultipart(file(200), server, {
      ...options,
      storage,
      putPart: first.putPart,
      signal: controller.signal,
      resumeScope: 'teams/1/campaigns/5/video',
      onProgress: (loaded) => {
        progress.push(loaded);
        if (server.etags.size >= 3) controller.abort(UPLOAD_PAUSED);
      },
    });
    await expect(paused).rejects.toBeInstanceOf(UploadPausedError);
    await new Promise((resolve) => setTimeout(resolve, 20)); // parts stopped by the pause settle
    expect(server.aborted).toEqual([]);
    const recorded = [...server.etags.keys()];
    // The figure shown while paused is what is stored, not the parts cut short.
    expect(progress.at(-1)).toBe(recorded.length * PART);
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    // Listed for its page (not for another campaign's), with what the page shows.
    expect(rememberedUploads('teams/1/campaigns/5/video', storage)).toMatchObject([
      { assetId: 42, filename: 'big.pdf', byteSize: 200, partCount: 20 },
    ]);
    expect(rememberedUploads('teams/1/campaigns/6/video', storage)).toEqual([]);

    const second = fakePut();
    await uploadMultipart(file(200), server, { ...options, storage, putPart: second.putPart });
    expect(server.created).toBe(1);
    expect(second.sent.some((n) => recorded.includes(n))).toBe(false);
    expect(second.sent.length).toBe(20 - recorded.length);
    expect(server.completed).toBe(1);
    expect(storage.items.size).toBe(0);
  });
  it('a pause before any part is stored shows 0 and names the bytes of the parts it cut short', async () => {
    const server = new FakeServer();
    const controller = new AbortController();
    const progress: number[] = [];
    let started = 0;
    // Each part reports 3 bytes sent, then waits: the fourth to start pauses the upload.
    const putPart: PutPart = (_url, _body, { onProgress, signal }) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new UploadAbortedError()), { once: true });
        onProgress(3);
        started += 1;
        if (started === 4) controller.abort(UPLOAD_PAUSED);
      });
    const paused = uploadMultipart(file(200), server, {
      ...options,
      storage: new MemoryStorage(),
      putPart,
      signal: controller.signal,
      onProgress: (loaded) => progress.push(loaded),
    });
    const error = await paused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadPausedError);
    // Sent while the parts were on their way, then what is stored: nothing, since a part is stored whole or not at all.
    expect(Math.max(...progress)).toBe(12);
    expect(progress.at(-1)).toBe(0);
    expect((error as UploadPausedError).cutShortBytes).toBe(12);
  });

  it('a part sent whole but not yet recorded when the pause comes counts as stored, not cut short', async () => {
    const server = new FakeServer();
    const controller = new AbortController();
    const progress: number[] = [];
    let recordPart1 = () => {};
    const recorded = new Promise<void>((resolve) => {
      recordPart1 = resolve;
    });
    server.recordPart = async (_assetId, partNumber, etag) => {
      if (partNumber === 1) await recorded;
      server.etags.set(partNumber, etag);
    };
    // Part 1 goes through whole; the others report 3 bytes and wait, and the last of them pauses.
    const putPart: PutPart = (url, body, { onProgress, signal }) => {
      if (url.endsWith('/1')) {
        onProgress(body.size);
        return Promise.resolve('"etag-1"');
      }
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new UploadAbortedError()), { once: true });
        onProgress(3);
        if (url.endsWith('/4')) setTimeout(() => controller.abort(UPLOAD_PAUSED), 1);
      });
    };
    const error = await uploadMultipart(file(200), server, {
      ...options,
      storage: new MemoryStorage(),
      putPart,
      signal: controller.signal,
      onProgress: (loaded) => progress.push(loaded),
    }).catch((caught: unknown) => caught);
    expect((error as UploadPausedError).cutShortBytes).toBe(9);
    expect(progress.at(-1)).toBe(PART);
    recordPart1();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect([...server.etags.keys()]).toEqual([1]);
    expect(progress.at(-1)).toBe(PART);
  });
});
