/**
 * The one edge every /api route passes through: request id, error envelope,
 * 405 with Allow, drain, and one access log line, for a route file's handlers.
 */

import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { Forbidden } from '../controller/errors';
import { resetShutdownForTests, shutdown } from '../lifecycle/shutdown';
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

const route = apiRoute('/api/things', {
  GET: () => Response.json({ ok: true }),
  POST: () => {
    throw new Forbidden('Not yours');
  },
  PUT: () => {
    throw new Error('database password is hunter2');
  },
});
const request = (method: string) => new Request('http://localhost/api/things', { method });

it('serves a declared method with a request id and one access log line', async () => {
  const response = await route.GET(new Request('http://localhost/api/things', { headers: { 'x-request-id': 'r-1' } }));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(response.headers.get('x-request-id')).toBe('r-1');
  expect(lines).toEqual([
    expect.objectContaining({ msg: 'request', method: 'GET', route: '/api/things', status: 200, requestId: 'r-1' }),
  ]);
});

it('answers a thrown AppError in the API error format', async () => {
  const response = await route.POST(request('POST'));
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Not yours' } });
});

it('answers an unexpected error as a 500 with the request id and nothing of the cause', async () => {
  const response = await route.PUT(request('PUT'));
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(text).not.toContain('hunter2');
  expect(JSON.parse(text)).toEqual({
    error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', requestId: expect.any(String) },
  });
  // The cause is in the log, under the same request id.
  expect(lines.some((line) => line.level === 50 && line.requestId === response.headers.get('x-request-id'))).toBe(true);
});

it('answers methods it does not serve with a JSON 405 naming the allowed ones', async () => {
  for (const method of ['PATCH', 'DELETE'] as const) {
    const response = await route[method](request(method));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, PUT, HEAD, OPTIONS');
    expect(await response.json()).toEqual({
      error: {
        code: 'METHOD_NOT_SUPPORTED',
        message: `${method} is not supported on /api/things; use GET, POST, PUT, HEAD, OPTIONS`,
      },
    });
  }
});

it("answers OPTIONS with 204 and the 405's Allow, not every method the route file exports", async () => {
  const response = await route.OPTIONS(request('OPTIONS'));
  expect(response.status).toBe(204);
  expect(response.headers.get('allow')).toBe('GET, POST, PUT, HEAD, OPTIONS');
  expect(response.headers.get('x-request-id')).toBeTruthy();
});

it('refuses new requests with a 503 and Connection: close while shutting down', async () => {
  await shutdown({ drainTimeoutMs: 10 });
  const response = await route.GET(request('GET'));
  expect(response.status).toBe(503);
  expect(response.headers.get('connection')).toBe('close');
  expect(response.headers.get('x-request-id')).toBeTruthy();
});

afterAll(() => log.stop());
