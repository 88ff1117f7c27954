/**
 * Mutations, actions, hooks, rescue and singletons over REST, on real PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countQueries, db } from '@/server';
import { call, createFixtureTables, hookLog } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';

const ALICE = '1:1=owner';
const BOB = '2:1=member';
const CAROL = '3:2=owner';

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);

beforeEach(async () => {
  hookLog.length = 0;
  await db().execute(sql`truncate projects, org_settings restart identity`);
  await db().execute(sql`
    insert into projects (org_id, name, status, budget) values
      (1, 'Draft A', 'draft', 10), (1, 'Active B', 'active', null), (1, 'Archived C', 'archived', 5),
      (2, 'Globex D', 'draft', 1);
  `);
});

const statusOf = async (id: number) =>
  (await db().execute(sql`select status from projects where id = ${id}`))[0]?.status;

describe('@mutation', () => {
  it('single: POST /:id/<name> with the loaded record; hooks see this.record', async () => {
    const response = await call('POST', '/orgs/1/projects/1/publish', { user: ALICE });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 1, status: 'active' });
    expect(hookLog).toEqual(['parent-before:publish', 'child-before:publish:record', 'after:publish:result']);
  });

  it('single: 404 before the method runs, also for another tenant', async () => {
    expect((await call('POST', '/orgs/1/projects/4/publish', { user: ALICE })).status).toBe(404);
    expect(await statusOf(4)).toBe('draft');
    expect(hookLog).toEqual([]);
  });

  it('@rescue converts an error for the listed action', async () => {
    const response = await call('POST', '/orgs/1/projects/3/publish', { user: ALICE });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'archived projects cannot be published' } });
  });

  it('bulk with records: loads only in-scope ids', async () => {
    const response = await call('POST', '/orgs/1/projects/bulk-activate', {
      user: ALICE,
      body: { ids: [1, 3, 4, 999] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ activated: 2, ids: [1, 3] });
    expect(await statusOf(4)).toBe('draft');
  });

  it('bulk with records: false: one UPDATE restricted to scope and ids', async () => {
    const { result, statements } = await countQueries(() =>
      call('POST', '/orgs/1/projects/bulk-archive', { user: ALICE, body: { ids: [1, 2, 4] } }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ archived: 2, requested: 3 });
    expect(statements).toHaveLength(1);
    expect(await statusOf(4)).toBe('draft');
  });

  it('bulk: empty ids touch nothing; missing or bad ids are 400; roles are 403', async () => {
    expect((await call('POST', '/orgs/1/projects/bulk-archive', { user: ALICE, body: {} })).status).toBe(400);
    expect((await call('POST', '/orgs/1/projects/bulk-archive', { user: ALICE, body: { ids: [] } })).body).toEqual({
      archived: 0,
      requested: 0,
    });
    for (const ids of ['1', [1, 'x'], [0], { 0: 1 }, Array.from({ length: 10_001 }, (_, i) => i + 1)]) {
      expect((await call('POST', '/orgs/1/projects/bulk-archive', { user: ALICE, body: { ids } })).status).toBe(400);
    }
    expect((await call('POST', '/orgs/1/projects/bulk-archive', { user: BOB, body: { ids: [1] } })).status).toBe(403);
    expect(await statusOf(1)).toBe('draft');
  });
});

describe('@action', () => {
  it('collection GET, with the static segment winning over :id', async () => {
    const response = await call('GET', '/orgs/1/projects/stats', { user: BOB });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: 3 });
  });

  it('a GET action refuses a query key given twice (which one was meant?), as an index does', async () => {
    const response = await call('GET', '/orgs/1/projects/stats?period=week&period=month', { user: BOB });
    expect(response.status).toBe(400);
    expect((response.body as { error: { fields: unknown } }).error.fields).toEqual({ period: ['must be given once'] });
    expect((await call('GET', '/orgs/1/projects/stats?period=week', { user: BOB })).status).toBe(200);
  });

  it('load: true GET and POST, with input validation', async () => {
    expect((await call('GET', '/orgs/1/projects/1/score', { user: BOB })).body).toEqual({ id: 1, score: 100 });
    expect((await call('GET', '/orgs/1/projects/4/score', { user: BOB })).status).toBe(404);
    const renamed = await call('POST', '/orgs/1/projects/2/rename', { user: BOB, body: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: 2, name: 'Renamed' });
    const invalid = await call('POST', '/orgs/1/projects/2/rename', { user: BOB, body: { name: 42 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: { code: 'BAD_REQUEST', fields: { name: expect.any(Array) } } });
  });

  it('POST input is the params object; scope params from the URL win over the body', async () => {
    const response = await call('POST', '/orgs/1/projects/echo', { user: BOB, body: { orgId: 2, hello: 'world' } });
    expect(response.body).toEqual({
      input: { hello: 'world', orgId: 1 },
      params: { hello: 'world', orgId: 1 },
    });
  });

  it('an explicit path repeating the controller path, and a rescue inherited from the parent', async () => {
    const response = await call('POST', '/orgs/1/projects/teapot', { user: BOB });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ teapot: true });
  });

  it('plain controllers: null relation, kebab-case names, relative explicit paths', async () => {
    const presign = await call('POST', '/orgs/1/uploads/presign', { user: BOB, body: { filename: 'a.png' } });
    expect(presign.body).toEqual({ filename: 'a.png', relation: null });
    expect((await call('GET', '/orgs/1/uploads/storage-usage', { user: BOB })).body).toEqual({ bytes: 0 });
    expect((await call('GET', '/orgs/1/uploads/storage-usage', { user: CAROL })).status).toBe(404);
    expect((await call('GET', '/api-keys/ping')).body).toBe('pong');
    expect((await call('GET', '/v2/things/latest')).body).toEqual({ latest: true });
  });
});

describe('hooks', () => {
  it('parent hooks first; only/except/if honoured', async () => {
    await call('GET', '/orgs/1/projects/1', { user: BOB });
    expect(hookLog).toEqual(['parent-before:get']);
    hookLog.length = 0;
    await call('GET', '/orgs/1/projects/1', { user: ALICE });
    expect(hookLog).toEqual(['parent-before:get', 'after:get:result']);
    hookLog.length = 0;
    await call('GET', '/orgs/1/projects', { user: ALICE });
    expect(hookLog).toEqual(['parent-before:index']);
    hookLog.length = 0;
    // `if: 'isDraftRecord'` is false for an active record.
    await call('POST', '/orgs/1/projects/2/publish', { user: BOB });
    expect(hookLog).toEqual(['parent-before:publish']);
  });
});

describe('@singleton', () => {
  it('GET returns null before creation; PATCH on a missing record is 404', async () => {
    const missing = await call('GET', '/orgs/1/org-settings', { user: BOB });
    expect(missing.status).toBe(200);
    expect(missing.body).toBeNull();
    expect((await call('PATCH', '/orgs/1/org-settings', { user: BOB, body: { timezone: 'X' } })).status).toBe(404);
  });

  it('POST find-or-creates with the defaults, race-safe under 50 concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/orgs/1/org-settings', { user: BOB })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const ids = new Set(responses.map((response) => (response.body as { id: number }).id));
    expect(ids.size).toBe(1);
    const rows = await db().execute(sql`select org_id, timezone from org_settings`);
    expect(rows).toEqual([{ org_id: 1, timezone: 'UTC' }]);
  });

  it('PATCH writes permitted fields within the scope only', async () => {
    await call('POST', '/orgs/1/org-settings', { user: BOB });
    await call('POST', '/orgs/2/org-settings', { user: CAROL });
    const response = await call('PATCH', '/orgs/1/org-settings', {
      user: BOB,
      body: { data: { timezone: 'Europe/Paris', digest: false, orgId: 2 } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ orgId: 1, timezone: 'Europe/Paris', digest: false });
    const globex = await call('GET', '/orgs/2/org-settings', { user: CAROL });
    expect(globex.body).toMatchObject({ orgId: 2, timezone: 'UTC', digest: true });
    expect((await call('PATCH', '/orgs/1/org-settings', { user: BOB, body: { digest: 'no' } })).status).toBe(422);
  });
});

describe('errors', () => {
  it('never leaks internals on unexpected errors', async () => {
    await db().execute(sql`alter table projects rename column budget to budget_gone`);
    try {
      const response = await call('GET', '/orgs/1/projects/1', { user: BOB });
      expect(response.status).toBe(500);
      // The request id is all a 500 says of the failure: the user quotes it, the log line carries it.
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.body).toEqual({
        error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', requestId },
      });
    } finally {
      await db().execute(sql`alter table projects rename column budget_gone to budget`);
    }
  });
});

describe('request ids', () => {
  it('every response carries X-Request-Id: a valid incoming one is kept, a hostile one replaced', async () => {
    const ok = await call('GET', '/orgs/1/projects', { user: BOB, headers: { 'x-request-id': 'lb-7f3a.42:9' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('lb-7f3a.42:9');
    for (const hostile of ['a b', 'x'.repeat(129), 'id"}<script>', '']) {
      const response = await call('GET', '/orgs/1/projects', { user: BOB, headers: { 'x-request-id': hostile } });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const [method, path] of [
      ['GET', '/nowhere'],
      ['DELETE', '/orgs/1/projects'],
      ['GET', '/orgs/1/projects/999999'],
    ] as const) {
      const response = await call(method, path, { user: BOB });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-request-id'), `${method} ${path}`).toMatch(/^[0-9a-f-]{36}$/);
      // Only a 5xx quotes it in the body; a 4xx explains itself.
      expect(JSON.stringify(response.body)).not.toContain('requestId');
    }
  });
});
