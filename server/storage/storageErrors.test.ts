import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ServiceUnavailable, toAppError } from '../controller/errors';
import { startTestStorage, type TestStorage } from '../testing/testStorage';
import { configureStorage, storageConfig } from './configureStorage';
import { deleteObject, headObject, putObject } from './objectStore';
import { s3Client } from './s3Client';
import { isStorageUnavailableError, withStorage } from './storageErrors';

let storage: TestStorage;
beforeAll(async () => {
  storage = await startTestStorage();
});
afterAll(() => storage.stop());

async function listen<T extends Server | TcpServer>(server: T): Promise<{ server: T; endpoint: string }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, endpoint: `http://127.0.0.1:${address.port}` };
}

/** Asserts `promise` rejects with a 503 whose message reveals nothing of the store. */
async function expectUnavailable(promise: Promise<unknown>): Promise<ServiceUnavailable> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceUnavailable);
  const appError = error as ServiceUnavailable;
  expect(appError.status).toBe(503);
  expect(appError.toJSON()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Storage unavailable' } });
  expect(appError.cause).toBeDefined();
  return appError;
}

describe('isStorageUnavailableError', () => {
  const sdk = (name: string, status: number) =>
    Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
  it.each([
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), true],
    ['ENOTFOUND', Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), true],
    ['ETIMEDOUT', Object.assign(new Error('x'), { code: 'ETIMEDOUT' }), true],
    ['socket hang up', new Error('socket hang up'), true],
    ['SDK TimeoutError', Object.assign(new Error('timed out'), { name: 'TimeoutError' }), true],
    ['503 SlowDown', sdk('SlowDown', 503), true],
    ['500 unknown', sdk('Unknown', 500), true],
    ['AggregateError', new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]), true],
    ['nested cause', new Error('outer', { cause: Object.assign(new Error('in'), { code: 'ECONNRESET' }) }), true],
    ['403 AccessDenied', sdk('AccessDenied', 403), false],
    ['404 NoSuchBucket', sdk('NoSuchBucket', 404), false],
    ['plain Error', new Error('boom'), false],
    ['string', 'ECONNREFUSED', false],
  ])('%s -> %s', (_label, error, expected) => {
    expect(isStorageUnavailableError(error)).toBe(expected);
  });
});

describe('storage outages', () => {
  it('a 5xx from the store becomes 503; a 4xx (a configuration bug) does not', async () => {
    let hits = 0;
    const { server, endpoint } = await listen(
      createServer((_req, res) => {
        hits += 1;
        res.writeHead(500, { 'Content-Type': 'application/xml' });
        res.end('<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>');
      }),
    );
    try {
      configureStorage({ ...storage.options, endpoint });
      await expectUnavailable(putObject({ key: 'k', body: Buffer.from('x'), contentType: 'text/plain' }));
      expect(hits).toBe(storageConfig().maxAttempts);
    } finally {
      server.close();
      configureStorage(storage.options);
    }

    configureStorage({ ...storage.options, bucket: 'no-such-bucket' });
    try {
      const error = await putObject({ key: 'k', body: Buffer.from('x'), contentType: 'text/plain' }).catch((e) => e);
      expect(error).not.toBeInstanceOf(AppError);
      expect(toAppError(error).status).toBe(500);
    } finally {
      configureStorage(storage.options);
    }
  });

  it('a store that accepts connections but never answers times out as 503', async () => {
    const sockets: Socket[] = [];
    const { server, endpoint } = await listen(createTcpServer((socket) => sockets.push(socket)));
    try {
      configureStorage({ ...storage.options, endpoint, socketTimeoutMs: 300 });
      const started = Date.now();
      await expectUnavailable(headObject('k'));
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      server.close();
      configureStorage(storage.options);
    }
  });

  it('with the store stopped, every operation fails fast with 503 and no store details', async () => {
    await putObject({ key: 'before.txt', body: Buffer.from('x'), contentType: 'text/plain' });
    await storage.stop();
    const started = Date.now();

    const head = await expectUnavailable(headObject('before.txt'));
    await expectUnavailable(deleteObject('before.txt'));
    await expectUnavailable(putObject({ key: 'k', body: Buffer.from('x'), contentType: 'text/plain' }));
    await expectUnavailable(
      putObject({ key: 'k', body: Readable.from([Buffer.from('x')]), contentType: 'text/plain' }),
    );
    const listing = () => s3Client().send(new ListObjectsV2Command({ Bucket: storageConfig().bucket }));
    await expectUnavailable(withStorage(listing));
    expect(Date.now() - started).toBeLessThan(5000);

    // The message is generic; the port and credentials appear only in the logged cause.
    const serialised = JSON.stringify(head.toJSON());
    expect(serialised).not.toContain(String(storage.s3.port));
    expect(serialised).not.toContain('S3RVER');
    expect(String(head.cause)).toMatch(/ECONNREFUSED|connect/i);

    // A raw SDK error that escaped withStorage is mapped by the registered error mapper.
    const raw = await listing().catch((e: unknown) => e);
    expect(raw).not.toBeInstanceOf(AppError);
    const mapped = toAppError(raw);
    expect(mapped.status).toBe(503);
    expect(mapped.message).toBe('Storage unavailable');
    // ...but a database's ECONNREFUSED (no SDK metadata) is not called a storage outage.
    expect(toAppError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).status).toBe(500);
  });
});
