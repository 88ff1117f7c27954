/**
 * What the one error serialiser logs for a 5xx. Error lines are failures
 * only, for an alert to watch: a failure (here a database that refuses the
 * connection) is an error line with its cause and stack; a 503 refused on
 * purpose (a shutdown drain, uploads switched off) is a warning naming why,
 * without a stack. Through a route file's edge, as a request meets them.
 */

import postgres from 'postgres';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { ServiceUnavailable } from '../controller/errors';
import { resetShutdownForTests, shutdown } from '../lifecycle/shutdown';
import { RefusalReason } from '../log/RefusalReason';
import { captureLog } from '../testing/captureLog';
import { apiRoute } from './apiRoute';

const log = captureLog();
const { lines } = log;

beforeEach(() => {
  log.clear();
});
afterEach(() => {
  resetShutdownForTests();
});

/** Nothing listens on port 1: the driver's real ECONNREFUSED. */
async function refusedConnection(): Promise<unknown> {
  const client = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 5 });
  try {
    return await client`select 1`.then(() => undefined).catch((error: unknown) => error);
  } finally {
    await client.end({ timeout: 1 });
  }
}

const route = apiRoute('/api/things', {
  GET: () => Response.json({ ok: true }),
  POST: () => {
    throw new ServiceUnavailable('Uploads are not available', {
      cause: new RefusalReason('Storage is not configured: set the S3_* variables'),
    });
  },
  PUT: async () => {
    throw new ServiceUnavailable('Database unavailable', { cause: await refusedConnection() });
  },
});
const request = (method: string) => new Request('http://localhost/api/things', { method });
const notRequestLines = () => lines.filter((line) => line.msg !== 'request');

it('every 503 of a shutdown drain is a warning without a stack', async () => {
  await shutdown({ drainTimeoutMs: 10 });
  for (let i = 0; i < 2; i++) expect((await route.GET(request('GET'))).status).toBe(503);
  expect(notRequestLines()).toEqual([
    expect.objectContaining({ level: 40, code: 'SERVICE_UNAVAILABLE', msg: 'Shutting down' }),
    expect.objectContaining({ level: 40, code: 'SERVICE_UNAVAILABLE', msg: 'Shutting down' }),
  ]);
  expect(JSON.stringify(lines)).not.toMatch(/stack|"err"/);
});

it('a 503 refused on purpose is a warning naming its reason, without a stack', async () => {
  const response = await route.POST(request('POST'));
  expect(response.status).toBe(503);
  expect(notRequestLines()).toEqual([
    expect.objectContaining({
      level: 40,
      code: 'SERVICE_UNAVAILABLE',
      msg: 'Uploads are not available',
      reason: 'Storage is not configured: set the S3_* variables',
    }),
  ]);
  expect(JSON.stringify(lines)).not.toMatch(/stack|"err"/);
});

it('a 503 caused by a failure stays an error line, with the cause and its stack', async () => {
  const response = await route.PUT(request('PUT'));
  expect(response.status).toBe(503);
  expect(notRequestLines()).toEqual([
    expect.objectContaining({
      level: 50,
      code: 'SERVICE_UNAVAILABLE',
      msg: 'Database unavailable',
      err: expect.objectContaining({ code: 'ECONNREFUSED', stack: expect.stringContaining('ECONNREFUSED') }),
    }),
  ]);
});

afterAll(() => log.stop());
