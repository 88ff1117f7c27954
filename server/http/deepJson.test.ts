/**
 * Deeply nested JSON through the real handler: 400 with the usual error body,
 * on REST and on tRPC (single, batch, POST body and GET `input`), before any
 * authentication, and the body is parsed once (the tRPC adapter used to
 * re-serialise it, and `JSON.stringify` overflowed the stack: a 500).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/server';
import { createFixtureTables, handler } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';
import { MAX_JSON_DEPTH } from './readJsonBody';

const ALICE = '1:1=owner';
const DEEP = 10_000;

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);
beforeEach(async () => {
  await db().execute(sql`truncate projects, org_settings restart identity`);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** `{"data":{"name":"x","extra":[[[...]]]}}` nested `depth` levels in all. */
function nested(depth: number): string {
  const arrays = depth - 2;
  return `{"orgId":1,"data":{"name":"x","extra":${'['.repeat(arrays)}${']'.repeat(arrays)}}}`;
}

function post(path: string, body: string, user?: string): Promise<Response> {
  return handler(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(user ? { 'x-user': user } : {}) },
      body,
    }),
  );
}

/** A 400 in the transport's own error envelope: REST's `error.code`, tRPC's `error.data.code`. */
async function expectBadRequest(response: Response, transport: 'rest' | 'trpc' = 'rest'): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toMatch(/RangeError|stack|at \w+ \(/);
  return expect(JSON.parse(text)).toMatchObject(
    transport === 'rest' ? { error: { code: 'BAD_REQUEST' } } : { error: { data: { code: 'BAD_REQUEST' } } },
  );
}

describe('10,000-deep JSON', () => {
  it('is 400 BAD_REQUEST on a REST route, signed in or not', async () => {
    for (const user of [undefined, ALICE]) {
      const response = await post('/api/orgs/1/projects', nested(DEEP), user);
      await expectBadRequest(response);
    }
    expect((await db().execute(sql`select count(*)::int as n from projects`))[0]).toEqual({ n: 0 });
  });

  it('is 400 on a REST route even as a bare array (no object around it)', async () => {
    await expectBadRequest(await post('/api/orgs/1/projects', `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`, ALICE));
  });

  it('is 400 on a tRPC mutation, before authentication', async () => {
    for (const user of [undefined, ALICE]) {
      const response = await post('/api/trpc/orgs.projects.create', nested(DEEP), user);
      await expectBadRequest(response, 'trpc');
    }
  });

  it('is 400 on a tRPC batch', async () => {
    const body = `{"0":${nested(DEEP)},"1":{"orgId":1,"data":{"name":"y"}}}`;
    const response = await post('/api/trpc/orgs.projects.create,orgs.projects.create?batch=1', body, ALICE);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/RangeError/);
    expect((await db().execute(sql`select count(*)::int as n from projects`))[0]).toEqual({ n: 0 });
  });

  it('is 400 in a tRPC query input (GET ?input=)', async () => {
    const input = encodeURIComponent(nested(DEEP));
    const single = await handler(new Request(`http://localhost/api/trpc/orgs.projects.index?input=${input}`));
    await expectBadRequest(single, 'trpc');
    const batch = await handler(
      new Request(
        `http://localhost/api/trpc/orgs.projects.index?batch=1&input=${encodeURIComponent(`{"0":${nested(DEEP)}}`)}`,
      ),
    );
    expect(batch.status).toBe(400);
  });

  it(`accepts nesting up to ${MAX_JSON_DEPTH} levels`, async () => {
    const rest = await post('/api/orgs/1/projects', nested(MAX_JSON_DEPTH), ALICE);
    expect(rest.status).toBe(201);
    const trpc = await post('/api/trpc/orgs.projects.create', nested(MAX_JSON_DEPTH), ALICE);
    expect(trpc.status).toBe(200);
    await expectBadRequest(await post('/api/orgs/1/projects', nested(MAX_JSON_DEPTH + 1), ALICE));
  });
});

describe('a tRPC request body', () => {
  it('is parsed once: the handler hands tRPC the parsed value', async () => {
    const body = JSON.stringify({ orgId: 1, data: { name: 'Parsed once' } });
    const parse = vi.spyOn(JSON, 'parse');
    const json = vi.spyOn(Request.prototype, 'json');
    const text = vi.spyOn(Request.prototype, 'text');
    const response = await post('/api/trpc/orgs.projects.create', body, ALICE);
    expect(response.status).toBe(200);
    expect(parse.mock.calls.filter(([argument]) => argument === body)).toHaveLength(1);
    expect(json).not.toHaveBeenCalled();
    expect(text).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(await response.json()).toMatchObject({ result: { data: { name: 'Parsed once', orgId: 1 } } });
  });

  it('keeps the REST body rules on tRPC: malformed JSON 400, wrong type 415, U+0000 400', async () => {
    expect((await post('/api/trpc/orgs.projects.create', '{"orgId":', ALICE)).status).toBe(400);
    const wrongType = await handler(
      new Request('http://localhost/api/trpc/orgs.projects.create', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-user': ALICE },
        body: '{}',
      }),
    );
    expect(wrongType.status).toBe(415);
    const nul = await post('/api/trpc/orgs.projects.create', '{"orgId":1,"data":{"name":"a\\u0000"}}', ALICE);
    expect(nul.status).toBe(400);
  });
});
