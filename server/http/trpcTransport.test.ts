/**
 * The same pipeline over tRPC: procedure keys, flat input, error data codes,
 * and the scope guard, through `/api/trpc` on the real handler.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server';
import { createFixtureTables, handler } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';

const ALICE = '1:1=owner';
const BOB = '2:1=member';

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);
beforeEach(async () => {
  await db().execute(sql`truncate projects, org_settings restart identity`);
  await db().execute(sql`
    insert into projects (org_id, name, status, budget) values
      (1, 'Draft A', 'draft', 10), (1, 'Active B', 'active', null), (2, 'Globex C', 'draft', 1);
  `);
});

interface TrpcResult {
  status: number;
  result?: { data: unknown };
  error?: {
    message: string;
    data: { code: string; httpStatus: number; fields?: Record<string, string[]>; stack?: unknown };
  };
}

async function query(path: string, input: unknown, user?: string): Promise<TrpcResult> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const url = `http://localhost/api/trpc/${path}${search}`;
  const response = await handler(new Request(url, { headers: user ? { 'x-user': user } : {} }));
  return { status: response.status, ...(await response.json()) };
}

async function mutate(path: string, input: unknown, user?: string): Promise<TrpcResult> {
  const response = await handler(
    new Request(`http://localhost/api/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(user ? { 'x-user': user } : {}) },
      body: JSON.stringify(input),
    }),
  );
  return { status: response.status, ...(await response.json()) };
}

describe('tRPC transport', () => {
  it('serves index with the same input contract as REST', async () => {
    const response = await query(
      'orgs.projects.index',
      { orgId: 1, sort: [{ field: 'name', dir: 'asc' }], filter: { status: ['draft', 'active'] }, perPage: 1 },
      ALICE,
    );
    expect(response.status).toBe(200);
    expect(response.result?.data).toMatchObject({
      data: [{ name: 'Active B', orgId: 1 }],
      pagination: { page: 1, perPage: 1, totalCount: 2, hasMore: true },
    });
  });

  it('creates with data, applying the write rules', async () => {
    const response = await mutate(
      'orgs.projects.create',
      { orgId: 1, data: { name: 'Via tRPC', orgId: 2, id: 50 } },
      BOB,
    );
    expect(response.status).toBe(200);
    expect(response.result?.data).toMatchObject({ name: 'Via tRPC', orgId: 1, ownerId: 2 });
    expect((response.result?.data as { id?: number } | undefined)?.id).not.toBe(50);
  });

  it('reports AppError codes and field errors in error.data, without stacks', async () => {
    const invalid = await mutate('orgs.projects.create', { orgId: 1, data: { name: '' } }, BOB);
    expect(invalid.status).toBe(422);
    expect(invalid.error?.data.code).toBe('UNPROCESSABLE_ENTITY');
    expect(invalid.error?.data.fields).toHaveProperty('name');
    expect(invalid.error?.data.stack).toBeUndefined();

    const hidden = await query('orgs.projects.get', { orgId: 1, id: 3 }, ALICE);
    expect(hidden.status).toBe(404);
    expect(hidden.error?.data.code).toBe('NOT_FOUND');

    const anonymous = await query('orgs.projects.index', { orgId: 1 });
    expect(anonymous.error?.data.code).toBe('UNAUTHORIZED');

    const forbidden = await mutate('orgs.projects.bulkArchive', { orgId: 1, ids: [1] }, BOB);
    expect(forbidden.error?.data.code).toBe('FORBIDDEN');

    const badInput = await query('orgs.projects.get', { orgId: 'abc', id: 1 }, ALICE);
    expect(badInput.error?.data.code).toBe('BAD_REQUEST');
    expect(badInput.error?.data.fields).toHaveProperty('orgId');

    const notObject = await query('orgs.projects.index', [1, 2], ALICE);
    expect(notObject.error?.data.code).toBe('BAD_REQUEST');
  });

  it('runs mutations and actions by their keys', async () => {
    expect((await mutate('orgs.projects.publish', { orgId: 1, id: 1 }, BOB)).result?.data).toMatchObject({
      status: 'active',
    });
    expect((await query('orgs.projects.stats', { orgId: 1 }, BOB)).result?.data).toEqual({ total: 2 });
    expect((await query('orgs.projects.score', { orgId: 1, id: 2 }, BOB)).result?.data).toEqual({ id: 2, score: 50 });
    expect((await mutate('orgs.projects.rename', { orgId: 1, id: 2, name: 'R' }, BOB)).result?.data).toMatchObject({
      name: 'R',
    });
    expect((await mutate('orgs.orgSettings.findOrCreate', { orgId: 1 }, BOB)).result?.data).toMatchObject({
      orgId: 1,
      timezone: 'UTC',
    });
    expect((await query('apiKeys.ping', undefined)).result?.data).toBe('pong');
  });

  it('answers tRPC-level problems with JSON errors, never 500', async () => {
    expect((await query('orgs.projects.nope', {}, ALICE)).status).toBe(404);
    const malformed = await handler(
      new Request('http://localhost/api/trpc/orgs.projects.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': ALICE },
        body: '{"orgId": 1,',
      }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: { message: 'Malformed JSON body', data: { code: 'BAD_REQUEST', httpStatus: 400 } },
    });
    const nul = await mutate('orgs.projects.create', { orgId: 1, data: { name: 'a\u0000' } }, ALICE);
    expect(nul.status).toBe(400);
    const surrogate = await mutate('orgs.projects.create', { orgId: 1, data: { name: 'a\udc00' } }, ALICE);
    expect(surrogate.status).toBe(400);
  });

  it("answers what the body rules and the cross-site check refuse in tRPC's envelope, per call of a batch", async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      handler(
        new Request(`http://localhost/api/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-user': ALICE, ...headers },
          body,
        }),
      );
    const cases: [string, Response, number, string][] = [
      ['malformed', await post('orgs.projects.create', '{"orgId":'), 400, 'BAD_REQUEST'],
      ['too large', await post('orgs.projects.create', `"${'x'.repeat(1_100_000)}"`), 413, 'PAYLOAD_TOO_LARGE'],
      [
        'not JSON',
        await post('orgs.projects.create', 'a=1', { 'content-type': 'text/plain' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'cross-site',
        await post('orgs.projects.create', '{"orgId":1,"data":{"name":"x"}}', {
          cookie: 'a=1',
          origin: 'http://evil.example',
        }),
        403,
        'FORBIDDEN',
      ],
    ];
    for (const [label, response, status, code] of cases) {
      expect(response.status, label).toBe(status);
      const body = (await response.json()) as TrpcResult;
      expect(body.error?.data, label).toMatchObject({ code, httpStatus: status, path: 'orgs.projects.create' });
    }
    const batch = await post('orgs.projects.create,orgs.projects.create?batch=1', '{"0":{"orgId":1,');
    expect(batch.status).toBe(400);
    const calls = (await batch.json()) as TrpcResult[];
    expect(calls.map((call) => call.error?.data.code)).toEqual(['BAD_REQUEST', 'BAD_REQUEST']);
    expect(Number((await db().execute(sql`select count(*)::int as n from projects`))[0]?.n)).toBe(3);
  });

  it('batches calls (httpBatchLink wire format)', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { orgId: 1 }, 1: { orgId: 1, id: 1 } }));
    const response = await handler(
      new Request(`http://localhost/api/trpc/orgs.projects.stats,orgs.projects.get?batch=1&input=${input}`, {
        headers: { 'x-user': BOB },
      }),
    );
    const body = (await response.json()) as Array<{ result: { data: unknown } }>;
    expect(body[0]?.result.data).toEqual({ total: 2 });
    expect(body[1]?.result.data).toMatchObject({ id: 1, name: 'Draft A' });
  });
});

describe('tRPC caller and procedure builder', () => {
  it('serves a server-side caller with the scope guard attached to the context', async () => {
    const { attachScopeGuard, t } = await import('@/server');
    const { authorizeOrg, contextFromRequest, testRouters } = await import('@/server/testing/controllerFixtures');
    const createCaller = t.createCallerFactory(testRouters.router);
    const context = attachScopeGuard(
      contextFromRequest(new Request('http://localhost', { headers: { 'x-user': BOB } })),
      authorizeOrg,
    );
    // biome-ignore lint/suspicious/noExplicitAny: the router's static type comes from codegen; this test calls by key.
    const caller = createCaller(context) as any;
    expect(await caller.orgs.projects.stats({ orgId: 1 })).toEqual({ total: 2 });
    await expect(caller.orgs.projects.stats({ orgId: 2 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('builds procedures from an app-supplied builder (middlewares run)', async () => {
    const { attachScopeGuard, baseProcedure, buildRouter, t } = await import('@/server');
    const { UploadController } = await import('@/server/testing/controllerFixtures');
    const seen: string[] = [];
    const logged = baseProcedure.use(async ({ path, next }) => {
      seen.push(path);
      return next();
    });
    const { router } = buildRouter(UploadController, logged);
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    const caller = t.createCallerFactory(router)(attachScopeGuard({}, false)) as any;
    expect(await caller.orgs.uploads.storageUsage({ orgId: 1 })).toEqual({ bytes: 0 });
    expect(seen).toEqual(['orgs.uploads.storageUsage']);
    // A context that never had a guard attached is refused, not waved through.
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    const unguarded = t.createCallerFactory(router)({}) as any;
    await expect(unguarded.orgs.uploads.storageUsage({ orgId: 1 })).rejects.toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
    });
  });
});
