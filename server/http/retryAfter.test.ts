/**
 * Headers an AppError asks for (Retry-After on a 429) reach the client on
 * both transports, whether an action or the context builder threw it.
 */
import { describe, expect, it } from 'vitest';
import { ActiveController } from '../controller/ActiveController';
import { action } from '../controller/decorators';
import { TooManyRequests } from '../controller/errors';
import { buildRouter } from './buildRouter';
import { createApiHandler } from './createApiHandler';
import { errorHeaders, toTRPCError } from './trpc';

class BusyController extends ActiveController<object> {
  @action('POST')
  async busy(): Promise<never> {
    throw new TooManyRequests(41.2, 'Slow down');
  }

  @action('GET')
  async idle(): Promise<{ ok: true }> {
    return { ok: true };
  }
}

const routers = buildRouter(BusyController);
const handler = createApiHandler({ routers, createContext: () => ({}) });
const blockedAtContext = createApiHandler({
  routers,
  createContext: () => {
    throw new TooManyRequests(7);
  },
});

const post = (url: string) =>
  new Request(`http://localhost/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

describe('Retry-After on 429', () => {
  it('REST: the header in whole seconds, the usual error body', async () => {
    const response = await handler(post('/busies/busy'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await response.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' } });
  });

  it('tRPC: the same header, with the error data code and the wait (a browser cannot read it off a batch)', async () => {
    const response = await handler(post('/trpc/busies.busy'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect((await response.json()).error).toMatchObject({
      message: 'Slow down',
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfter: 42 },
    });
  });

  it('a batch carries the header too; a success carries none', async () => {
    const batch = await handler(
      new Request('http://localhost/api/trpc/busies.busy,busies.busy?batch=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"0":{},"1":{}}',
      }),
    );
    expect(batch.headers.get('retry-after')).toBe('42');
    expect((await handler(new Request('http://localhost/api/trpc/busies.idle'))).headers.has('retry-after')).toBe(
      false,
    );
  });

  it('thrown while building the context (e.g. a blocked IP): 429 and Retry-After on both transports', async () => {
    const rest = await blockedAtContext(post('/busies/busy'));
    expect([rest.status, rest.headers.get('retry-after')]).toEqual([429, '7']);
    const trpc = await blockedAtContext(post('/trpc/busies.busy'));
    expect([trpc.status, trpc.headers.get('retry-after')]).toEqual([429, '7']);
    // The JSON-RPC code agrees with the status (-32029), not tRPC's -32603 for an error it did not make.
    expect((await trpc.json()).error).toMatchObject({ code: -32029, data: { code: 'TOO_MANY_REQUESTS' } });
  });

  it('several 429s in one batch: the longest wait, so one retry suits every call', () => {
    const errors = [5, 30, 10].map((seconds) => toTRPCError(new TooManyRequests(seconds)));
    expect(errorHeaders(errors)).toEqual({ 'retry-after': '30' });
    expect(errorHeaders([toTRPCError(new Error('boom'))])).toEqual({});
  });
});
