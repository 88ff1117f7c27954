/**
 * Corners of the tRPC transport that tRPC answers by itself unless the
 * handler steps in: a batch over MAX_BATCH_SIZE, a request refused before
 * any call runs, an error about the request as a whole, a method the
 * procedure does not take, and HEAD requests. All go through the real
 * handler on real PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, MAX_BATCH_SIZE } from '@/server';
import { createFixtureTables, handler } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';

const ALICE = '1:1=owner';
const CAROL = '3:2=owner'; // owner of org 2 only

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);
beforeEach(async () => {
  await db().execute(sql`truncate projects, org_settings restart identity`);
  await db().execute(sql`
    insert into projects (org_id, name, status, budget) values (1, 'Draft A', 'draft', 10), (2, 'Globex C', 'draft', 1);
  `);
});

interface CallError {
  error?: { code: number; message: string; data: { code: string; httpStatus: number; path?: string } };
  result?: { data: unknown };
}

const names = (name: string, count: number, separator = ',') =>
  Array.from({ length: count }, () => name).join(separator);
const inputs = (count: number, input: unknown) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i, input])));

async function projectCount(): Promise<number> {
  return Number((await db().execute(sql`select count(*)::int as n from projects`))[0]?.n);
}

describe('a tRPC batch over MAX_BATCH_SIZE', () => {
  const over = MAX_BATCH_SIZE + 1;

  /**
   * The refusal of a request as a whole, as tRPC answers an error about a whole batch: JSON, one error
   * object without a path (tRPC's batch link gives it to every call), naming the limit.
   */
  async function expectRefusedWhole(response: Response): Promise<void> {
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as CallError;
    // -32600 is tRPC's (JSON-RPC's) code for BAD_REQUEST.
    expect(body.error).toMatchObject({ code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    expect(body.error?.data.path).toBeUndefined();
    expect(body.error?.message).toBe(`A tRPC batch carries at most ${MAX_BATCH_SIZE} calls; this one has ${over}`);
  }

  it('is refused over GET in the batch envelope, naming the limit', async () => {
    const url = `http://localhost/api/trpc/${names('orgs.projects.stats', over)}?batch=1&input=${encodeURIComponent(inputs(over, { orgId: 1 }))}`;
    await expectRefusedWhole(await handler(new Request(url, { headers: { 'x-user': ALICE } })));
  });

  it('is refused over POST the same way, and nothing is created', async () => {
    const response = await handler(
      new Request(`http://localhost/api/trpc/${names('orgs.projects.create', over)}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': ALICE },
        body: inputs(over, { orgId: 1, data: { name: 'Fan-out' } }),
      }),
    );
    await expectRefusedWhole(response);
    expect(await projectCount()).toBe(2);
  });

  it('counts calls as tRPC does, so percent-encoded commas do not slip past', async () => {
    const url = `http://localhost/api/trpc/${names('orgs.projects.stats', over, '%2C')}?batch=1&input=${encodeURIComponent(inputs(over, { orgId: 1 }))}`;
    await expectRefusedWhole(await handler(new Request(url, { headers: { 'x-user': ALICE } })));
  });

  it('is refused whole whatever it names: an unknown procedure, or a mutation among queries', async () => {
    for (const last of ['orgs.projects.nope', 'orgs.projects.create']) {
      const paths = [...Array.from({ length: over - 1 }, () => 'orgs.projects.stats'), last];
      const url = `http://localhost/api/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(inputs(over, { orgId: 1 }))}`;
      await expectRefusedWhole(await handler(new Request(url, { headers: { 'x-user': ALICE } })));
    }
  });

  it('answers one small error, whatever the number of names: not one per name', async () => {
    // 8,000 commas: one error per name would be 8,001 errors (1.2 MB) for a request of 8 KB, unauthenticated.
    const response = await handler(new Request(`http://localhost/api/trpc/${','.repeat(8000)}?batch=1`));
    expect(response.status).toBe(400);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.byteLength).toBeLessThan(500);
    expect(JSON.parse(new TextDecoder().decode(body))).toMatchObject({
      error: { code: -32600, message: expect.stringContaining(`at most ${MAX_BATCH_SIZE} calls`) },
    });
  });

  it('bounds any refusal of an oversized batch, the cross-site check too', async () => {
    const response = await handler(
      new Request(`http://localhost/api/trpc/${names('orgs.projects.create', 8000)}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'session=1', origin: 'https://elsewhere.example' },
        body: '{}',
      }),
    );
    expect(response.status).toBe(403);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.byteLength).toBeLessThan(500);
    expect(JSON.parse(new TextDecoder().decode(body))).toMatchObject({ error: { data: { code: 'FORBIDDEN' } } });
  });

  it('serves a batch of exactly MAX_BATCH_SIZE calls', async () => {
    const url = `http://localhost/api/trpc/${names('orgs.projects.stats', MAX_BATCH_SIZE)}?batch=1&input=${encodeURIComponent(inputs(MAX_BATCH_SIZE, { orgId: 1 }))}`;
    const response = await handler(new Request(url, { headers: { 'x-user': ALICE } }));
    expect(response.status).toBe(200);
    const calls = (await response.json()) as CallError[];
    expect(calls.map((call) => call.result?.data)).toEqual(
      Array.from({ length: MAX_BATCH_SIZE }, () => ({ total: 1 })),
    );
  });
});

describe('a tRPC request refused as a whole', () => {
  it('answers the refusal for every call, an unknown procedure too, and runs none', async () => {
    // A cookie-carrying write from another site: the cross-site check refuses it before any call.
    const response = await handler(
      new Request('http://localhost/api/trpc/orgs.projects.create,orgs.projects.nope?batch=1', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: 'session=1',
          origin: 'https://elsewhere.example',
          'x-user': ALICE,
        },
        body: inputs(2, { orgId: 1, data: { name: 'Cross-site' } }),
      }),
    );
    expect(response.status).toBe(403);
    const calls = (await response.json()) as CallError[];
    expect(calls.map((call) => [call.error?.data.code, call.error?.data.path])).toEqual([
      ['FORBIDDEN', 'orgs.projects.create'],
      ['FORBIDDEN', 'orgs.projects.nope'],
    ]);
    expect(await projectCount()).toBe(2);
  });

  it('answers a batch mixing queries and mutations per call, saying so, and runs none', async () => {
    for (const method of ['GET', 'POST']) {
      const paths = ['orgs.projects.stats', 'orgs.projects.create', 'orgs.projects.nope'];
      const input = inputs(3, { orgId: 1, data: { name: 'Mixed' } });
      const response = await handler(
        method === 'GET'
          ? new Request(`http://localhost/api/trpc/${paths}?batch=1&input=${encodeURIComponent(input)}`, {
              headers: { 'x-user': ALICE },
            })
          : new Request(`http://localhost/api/trpc/${paths}?batch=1`, {
              method,
              headers: { 'content-type': 'application/json', 'x-user': ALICE },
              body: input,
            }),
      );
      expect(response.status, method).toBe(400);
      const calls = (await response.json()) as CallError[];
      expect(calls.map((call) => call.error?.data.path)).toEqual(paths);
      for (const call of calls) {
        expect(call.error, method).toMatchObject({
          code: -32600,
          message: 'A batch cannot mix queries and mutations',
          data: { code: 'BAD_REQUEST', httpStatus: 400 },
        });
      }
    }
    expect(await projectCount()).toBe(2);
  });

  it('answers an error tRPC raises about the whole request in JSON, not text/plain', async () => {
    // tRPC refuses a path it cannot percent-decode before it has any call to answer for.
    const response = await handler(new Request('http://localhost/api/trpc/orgs.projects.stats%E0%A4%A?batch=1'));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      error: { code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } },
    });
  });
});

describe("a method the procedure does not take: 405 with Allow, the procedure's own methods", () => {
  const send = (method: string, path: string, body?: string) =>
    handler(
      new Request(`http://localhost/api/trpc/${path}`, {
        method,
        headers: { 'x-user': ALICE, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      }),
    );

  /** A 405 in tRPC's envelope (an array for a batch), with `allow`, and what OPTIONS answers on the same path. */
  async function expectRefused(response: Response, path: string, allow: string): Promise<void> {
    expect(response.status, path).toBe(405);
    expect(response.headers.get('allow'), path).toBe(allow);
    const body = (await response.json()) as CallError | CallError[];
    for (const call of Array.isArray(body) ? body : [body]) {
      expect(call.error?.data, path).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 });
    }
    expect((await send('OPTIONS', path)).headers.get('allow'), path).toBe(allow);
  }

  it('a query by POST names GET', async () => {
    await expectRefused(await send('POST', 'orgs.projects.stats', '{}'), 'orgs.projects.stats', 'GET, HEAD, OPTIONS');
    const batch = 'orgs.projects.stats,orgs.projects.get?batch=1';
    await expectRefused(await send('POST', batch, '{}'), batch, 'GET, HEAD, OPTIONS');
  });

  it('a mutation by GET or HEAD names POST, and runs nothing', async () => {
    const input = `?input=${encodeURIComponent(JSON.stringify({ orgId: 1, data: { name: 'By GET' } }))}`;
    await expectRefused(await send('GET', `orgs.projects.create${input}`), 'orgs.projects.create', 'POST, OPTIONS');
    const head = await send('HEAD', `orgs.projects.create${input}`);
    expect([head.status, head.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    expect(await projectCount()).toBe(2);
  });

  it('PUT, PATCH and DELETE, which no procedure takes, are refused the same way before tRPC runs', async () => {
    // tRPC answered a PUT or DELETE without a JSON body 415 UNSUPPORTED_MEDIA_TYPE: no content type it reads.
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      await expectRefused(await send(method, 'orgs.projects.create'), 'orgs.projects.create', 'POST, OPTIONS');
      await expectRefused(await send(method, 'orgs.projects.stats', '{}'), 'orgs.projects.stats', 'GET, HEAD, OPTIONS');
      await expectRefused(await send(method, 'orgs.projects.nope'), 'orgs.projects.nope', 'GET, POST, HEAD, OPTIONS');
    }
    const batch = 'orgs.projects.create,orgs.projects.publish?batch=1';
    await expectRefused(await send('DELETE', batch, inputs(2, { orgId: 1, id: 1 })), batch, 'POST, OPTIONS');
    expect(await projectCount()).toBe(2);
  });

  it('OPTIONS names both where the path names no known procedure', async () => {
    for (const path of ['', 'orgs.projects.nope']) {
      expect((await send('OPTIONS', path)).headers.get('allow'), path).toBe('GET, POST, HEAD, OPTIONS');
    }
  });
});

describe('HEAD on tRPC', () => {
  /** GET and HEAD of one URL, as the same user. */
  async function getAndHead(path: string, input: unknown, user?: string): Promise<[Response, Response]> {
    const url = `http://localhost/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
    const headers: Record<string, string> = user ? { 'x-user': user } : {};
    const get = await handler(new Request(url, { headers }));
    const head = await handler(new Request(url, { method: 'HEAD', headers }));
    return [get, head];
  }

  it.each([
    ['a readable record', 'orgs.projects.get', { orgId: 1, id: 1 }, ALICE, 200],
    ['no session', 'orgs.projects.get', { orgId: 1, id: 1 }, undefined, 401],
    ["another org's record", 'orgs.projects.get', { orgId: 1, id: 1 }, CAROL, 404],
    ['a mutation (refused over GET)', 'orgs.projects.publish', { orgId: 1, id: 1 }, ALICE, 405],
    ['an unknown procedure', 'orgs.projects.nope', {}, ALICE, 404],
  ])('answers what GET answers, without the body: %s', async (_label, path, input, user, status) => {
    const [get, head] = await getAndHead(path, input, user);
    expect(get.status).toBe(status);
    expect(head.status).toBe(status);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');
  });

  it('runs no mutation', async () => {
    await getAndHead('orgs.projects.publish', { orgId: 1, id: 1 }, ALICE);
    const [row] = await db().execute(sql`select status from projects where id = 1`);
    expect(row?.status).toBe('draft');
  });
});
