import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, ServiceUnavailable } from '../controller/errors';
import { startTestStorage, type TestStorage } from '../testing/testStorage';
import { configureStorage } from './configureStorage';
import { headObject } from './objectStore';
import { assertStorageReachable, resetStorageProbe } from './storageProbe';

let storage: TestStorage;
beforeAll(async () => {
  storage = await startTestStorage();
});
afterAll(() => storage.stop());
beforeEach(() => {
  resetStorageProbe();
  configureStorage(storage.options);
});

/** A fake store answering every request with `status`; counts requests. */
async function fakeStore(status: number): Promise<{ endpoint: string; hits: () => number; close: () => void }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { endpoint: `http://127.0.0.1:${address.port}`, hits: () => hits, close: () => server.close() };
}

describe('assertStorageReachable', () => {
  it('asks once, then trusts the answer for the TTL', async () => {
    const store = await fakeStore(200);
    try {
      configureStorage({ ...storage.options, endpoint: store.endpoint });
      await assertStorageReachable();
      await assertStorageReachable();
      expect(store.hits()).toBe(1);
      resetStorageProbe();
      await assertStorageReachable();
      expect(store.hits()).toBe(2);
    } finally {
      store.close();
    }
  });

  it('403 (credentials that may not list the bucket) counts as reachable', async () => {
    const store = await fakeStore(403);
    try {
      configureStorage({ ...storage.options, endpoint: store.endpoint });
      await expect(assertStorageReachable()).resolves.toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('a 5xx is a 503; a missing bucket is a configuration error (not a 503), never cached', async () => {
    const failing = await fakeStore(500);
    const missing = await fakeStore(404);
    try {
      configureStorage({ ...storage.options, endpoint: failing.endpoint });
      await expect(assertStorageReachable()).rejects.toBeInstanceOf(ServiceUnavailable);
      configureStorage({ ...storage.options, endpoint: missing.endpoint });
      const error = await assertStorageReachable().catch((e: unknown) => e);
      expect(error).toBeDefined();
      expect(error).not.toBeInstanceOf(AppError);
      await assertStorageReachable().catch(() => undefined);
      expect(missing.hits()).toBe(2);
    } finally {
      failing.close();
      missing.close();
    }
  });

  it('a new configuration is probed afresh; an outage seen by any call forgets the cached success', async () => {
    await assertStorageReachable();
    await storage.stop();
    // Cached: still "up" (the documented cost: a presign within the TTL may write a pending row).
    await expect(assertStorageReachable()).resolves.toBeUndefined();
    await expect(headObject('any')).rejects.toBeInstanceOf(ServiceUnavailable);
    await expect(assertStorageReachable()).rejects.toBeInstanceOf(ServiceUnavailable);
    // Other settings: asked again (and still down).
    configureStorage({ ...storage.options, bucket: 'other-bucket' });
    await expect(assertStorageReachable()).rejects.toBeInstanceOf(ServiceUnavailable);
  });
});
