/**
 * Hostile and odd input through createApiHandler with real Requests on real
 * PostgreSQL. Tests marked "Regression" pin defects that were found and fixed:
 * each names the behaviour that broke.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/server';
import { call, createFixtureTables, handler } from '@/server/testing/controllerFixtures';
import { createEdgeCaseTables, edgeCaseCall, edgeCaseHandler, edgeCaseLog } from '@/server/testing/edgeCaseFixtures';
import { closeTestDatabase } from '../testing/testDatabase';

const ALICE = '1:1=owner'; // owner of org 1
const BOB = '2:1=member'; // member of org 1
const CAROL = '3:2=owner'; // owner of org 2 only

type Row = Record<string, unknown>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

beforeAll(async () => {
  await createFixtureTables();
  await createEdgeCaseTables();
});
afterAll(closeTestDatabase);

beforeEach(async () => {
  edgeCaseLog.length = 0;
  await db().execute(sql`truncate projects, org_settings, gadgets restart identity`);
  await db().execute(sql`
    insert into projects (org_id, name, status, budget) values
      (1, 'Draft A', 'draft', 10), (1, 'Active B', 'active', null), (2, 'Globex C', 'draft', 1);
    insert into gadgets (org_id, name) values (1, 'Widget'), (2, 'Secret');
  `);
});

/** No stack, SQL, driver text or client secrets in an error body. */
function expectCleanError(text: string): void {
  expect(text).not.toMatch(/select |insert |update |relation "|syntax|invalid input|postgres|hunter2|at \w+ \(|\.ts:/i);
}

async function trpcGet(path: string, input: unknown, user?: string, h = handler) {
  const url = `http://localhost/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await h(new Request(url, { headers: user ? { 'x-user': user } : {} }));
  return { status: response.status, body: (await response.json()) as Row };
}

describe('tenant isolation over tRPC with an app-supplied procedure builder', () => {
  it('runs the scope guard when a middleware extends the context', async () => {
    // Regression: the guard is looked up by context identity (WeakMap); next({ctx}) makes a new object, so the guard is skipped.
    const outsider = await trpcGet('orgs.projects.get', { orgId: 1, id: 1 }, CAROL, edgeCaseHandler);
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain('Draft A');
    const anonymous = await trpcGet('orgs.projects.index', { orgId: 1 }, undefined, edgeCaseHandler);
    expect(anonymous.status).toBe(401);
  });

  it('the REST side of the same routers keeps the guard', async () => {
    expect((await edgeCaseCall('GET', '/api/orgs/1/projects/1', { user: CAROL })).status).toBe(404);
    expect((await edgeCaseCall('GET', '/api/orgs/1/projects/1')).status).toBe(401);
    expect((await edgeCaseCall('GET', '/api/orgs/1/projects/1', { user: BOB })).status).toBe(200);
  });
});

describe('routing edges', () => {
  it('answers 404 (not 500) for /api itself and paths outside the mount', async () => {
    // Regression: createApiHandler turns "outside the prefix" into toAppError(new Error) -> 500.
    const paths = ['/api', '/apix/orgs/1/projects', '/'];
    const statuses: Record<string, number> = {};
    for (const path of paths) statuses[path] = (await edgeCaseCall('GET', path, { user: ALICE })).status;
    expect(statuses).toEqual(Object.fromEntries(paths.map((path) => [path, 404])));
  });

  it('answers /api/ with 404 JSON', async () => {
    const response = await edgeCaseCall('GET', '/api/', { user: ALICE });
    expect(response.status).toBe(404);
    expect((response.body as ErrorBody).error.code).toBe('NOT_FOUND');
  });

  it('serves HEAD on GET routes (RFC 9110: GET implies HEAD)', async () => {
    // Regression: HEAD is matched as its own method -> 405 "use GET" (Next.js hands HEAD to the GET export).
    const response = await edgeCaseHandler(
      new Request('http://localhost/api/orgs/1/projects', { method: 'HEAD', headers: { 'x-user': ALICE } }),
    );
    expect(response.status).toBe(200);
  });

  it('collapses double and trailing slashes onto the same route, scope still enforced', async () => {
    expect((await call('GET', '//orgs//1/projects/', { user: ALICE })).status).toBe(200);
    expect((await call('GET', '//orgs//1//projects//3', { user: ALICE })).status).toBe(404);
  });

  it('refuses hostile path params with 400, never 500', async () => {
    for (const id of [
      '%E0%A4%A',
      '%00',
      '1%00',
      '%31%00',
      '١',
      '１',
      '0x1',
      '1e3',
      ' 1',
      '+1',
      '01',
      '9'.repeat(5000),
    ]) {
      const response = await call('GET', `/orgs/1/projects/${id}`, { user: ALICE });
      expect(response.status, id.slice(0, 20)).toBe(400);
      expect((response.body as ErrorBody).error.code).toBe('BAD_REQUEST');
      const scoped = await call('GET', `/orgs/${id}/projects`, { user: ALICE });
      expect(scoped.status, id.slice(0, 20)).toBe(400);
    }
    // Percent-encoded digits are the same id.
    expect((await call('GET', '/orgs/%31/projects/%31', { user: ALICE })).status).toBe(200);
  });
});

describe('index query: prototype keys and odd values', () => {
  it('treats Object.prototype names as unknown fields and scopes (400)', async () => {
    for (const query of [
      'filter[constructor]=x',
      'filter[__proto__]=1',
      'filter[__proto__][x]=1',
      'filter[toString]=1',
      'filter=1',
      'filter[]=1',
      'sort=__proto__',
      'sort=constructor',
      'sort=-hasOwnProperty',
      'scopes=toString',
      'scopes=__proto__',
      'scopes=constructor',
      'scopes=active,valueOf',
    ]) {
      const response = await call('GET', `/orgs/1/projects?${query}`, { user: ALICE });
      expect(response.status, query).toBe(400);
      expectCleanError(JSON.stringify(response.body));
    }
  });

  it('an empty scopes= replaces the default scopes (documented), and page far away is empty, not an error', async () => {
    const all = await call('GET', '/orgs/1/projects?scopes=', { user: ALICE });
    expect(all.status).toBe(200);
    const far = await call('GET', '/orgs/1/projects?page=2147483647&perPage=20', { user: ALICE });
    expect(far.status).toBe(200);
    expect((far.body as { data: unknown[] }).data).toEqual([]);
  });

  it('tRPC index refuses prototype-named filter keys and accepts null input as {}', async () => {
    const proto = await trpcGet('orgs.projects.index', { orgId: 1, filter: JSON.parse('{"__proto__": "x"}') }, ALICE);
    expect(proto.status).toBe(400);
    const ctor = await trpcGet('orgs.projects.index', { orgId: 1, filter: { constructor: 'x' } }, ALICE);
    expect(ctor.status).toBe(400);
    const nullInput = await handler(
      new Request('http://localhost/api/trpc/apiKeys.ping?input=null', { headers: { 'x-user': ALICE } }),
    );
    expect(nullInput.status).toBe(200);
  });
});

describe('write rules against hostile bodies', () => {
  it('ignores __proto__ / constructor in data and keeps the scope value from the URL', async () => {
    const response = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      rawBody:
        '{"data": {"__proto__": {"orgId": 2, "ownerId": 3}, "constructor": {"prototype": {"x": 1}}, "name": "P"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'P', orgId: 1, ownerId: 1 });
    expect(({} as Row).orgId).toBeUndefined();
    const bare = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      rawBody: '{"__proto__": {"orgId": 2}, "name": "Q"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ name: 'Q', orgId: 1 });
  });

  it('duplicate JSON keys: the last wins and cannot smuggle the scope field', async () => {
    const response = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      rawBody: '{"data": {"orgId": 2, "name": "one"}, "data": {"name": "two", "orgId": 2}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'two', orgId: 1 });
  });

  it('PATCH cannot move a record to another tenant under any casing of the scope field', async () => {
    const response = await call('PATCH', '/orgs/1/projects/1', {
      user: ALICE,
      body: { data: { org_id: 2, OrgId: 2, ORGID: 2, orgid: 2, 'orgId ': 2, orgId: 2, name: 'Moved?' } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ orgId: 1, name: 'Moved?' });
    const rows = await db().execute(sql`select org_id from projects where id = 1`);
    expect(rows[0]?.org_id).toBe(1);
  });

  it('bulk ids: floats, negatives, huge, unicode digits, objects and nested arrays are 400', async () => {
    for (const ids of [
      [1.5],
      [-1],
      [0],
      [2 ** 31],
      [1e21],
      ['١'],
      ['1.0'],
      [{}],
      [[1]],
      [null],
      [true],
      '1,2',
      { 0: 1 },
    ]) {
      const response = await call('POST', '/orgs/1/projects/bulk-activate', { user: ALICE, body: { ids } });
      expect(response.status, JSON.stringify(ids)).toBe(400);
    }
    // Another tenant's id in the list is silently out of scope.
    const mixed = await call('POST', '/orgs/1/projects/bulk-activate', { user: ALICE, body: { ids: [1, 3] } });
    expect(mixed.body).toMatchObject({ activated: 1, ids: [1] });
  });

  it('concurrent PATCHes of different fields both persist (update touches only given columns)', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PATCH', '/orgs/1/projects/1', {
          user: ALICE,
          body: { data: i % 2 === 0 ? { name: `Name ${i}` } : { budget: 1000 + i } },
        }),
      ),
    );
    const rows = await db().execute(sql`select name, budget from projects where id = 1`);
    expect(String(rows[0]?.name)).toMatch(/^Name \d$/);
    expect(Number(rows[0]?.budget)).toBeGreaterThanOrEqual(1000);
  });
});

describe('a body that is not a JSON object', () => {
  const JSON_HEADERS = { 'content-type': 'application/json' };
  const writes = [
    ['POST', '/orgs/1/projects'],
    ['PATCH', '/orgs/1/projects/1'],
    ['POST', '/orgs/1/projects/echo'],
    ['POST', '/orgs/1/projects/1/rename'],
    ['POST', '/orgs/1/projects/bulk-archive'],
  ] as const;

  it.each(writes)(
    '%s %s: null, a list, a string or a number is a 400 naming the body, and nothing changes',
    async (method, path) => {
      // Regression: `null` was read as {} (a PATCH answered 200 having changed nothing, an action ran with no
      // input) while `[]`, `"x"` and `1` were a 400: the client sent something, and it was not an object.
      const before = await db().execute(sql`select id, name, status, budget from projects order by id`);
      for (const rawBody of ['null', '[]', '"x"', '1']) {
        const response = await call(method, path, { user: ALICE, rawBody, headers: JSON_HEADERS });
        expect(response.status, `${method} ${path} ${rawBody}`).toBe(400);
        expect(response.body, `${method} ${path} ${rawBody}`).toEqual({
          error: { code: 'BAD_REQUEST', message: 'Invalid body', fields: { body: ['must be a JSON object'] } },
        });
      }
      expect(await db().execute(sql`select id, name, status, budget from projects order by id`)).toEqual(before);
    },
  );

  it('an empty body is still no input: {}', async () => {
    for (const headers of [JSON_HEADERS, {}]) {
      const response = await call('POST', '/orgs/1/projects/echo', { user: ALICE, rawBody: '', headers });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ input: {} });
    }
    const patched = await call('PATCH', '/orgs/1/projects/1', { user: ALICE });
    expect(patched.status).toBe(200);
  });
});

describe('column types the body and filter checks do not know', () => {
  it('create: invalid numeric, uuid, date, array and out-of-range timestamp values are 422, never 500', async () => {
    // Regression: checkBodyValue passes numeric/uuid/date-string/array values through; PostgreSQL's 22P02/22007/22008 become 500.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const cases = [
        ['price', 'abc'],
        ['price', '1e400'],
        ['ref', 'not-a-uuid'],
        ['day', 'someday'],
        ['tags', ['x']],
        ['tags', 'x'],
        ['seenAt', '0000-01-01T00:00:00Z'],
      ] as const;
      const statuses: Record<string, number> = {};
      for (const [field, value] of cases) {
        const response = await edgeCaseCall('POST', '/api/orgs/1/gadgets', {
          user: ALICE,
          body: { data: { name: 'G', [field]: value } },
        });
        statuses[`${field}=${JSON.stringify(value)}`] = response.status;
        if (response.status === 422) expect((response.body as ErrorBody).error.fields?.[field]).toBeDefined();
        expectCleanError(response.text);
      }
      expect(statuses).toEqual(Object.fromEntries(cases.map(([f, v]) => [`${f}=${JSON.stringify(v)}`, 422])));
    } finally {
      spy.mockRestore();
    }
  });

  it('index: filters on numeric, uuid and date columns with bad text are 400, never 500', async () => {
    // Regression: parseFilterValue treats numeric/uuid/date-string columns as free text; the cast fails in PostgreSQL -> 500.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const queries = ['filter[price]=abc', 'filter[ref]=nope', 'filter[day]=nope', 'filter[seenAt]=0000-01-01'];
      const statuses: Record<string, number> = {};
      for (const query of queries) {
        const response = await edgeCaseCall('GET', `/api/orgs/1/gadgets?${query}`, { user: ALICE });
        statuses[query] = response.status;
        expectCleanError(response.text);
      }
      expect(statuses).toEqual(Object.fromEntries(queries.map((query) => [query, 400])));
    } finally {
      spy.mockRestore();
    }
  });

  it('a date the calendar lacks (2026-02-31, which Date reads as March 3) is refused by the rule, not the database', async () => {
    const created = await edgeCaseCall('POST', '/api/orgs/1/gadgets', {
      user: ALICE,
      body: { data: { name: 'G', day: '2026-02-31' } },
    });
    expect(created.status).toBe(422);
    expect((created.body as ErrorBody).error.fields).toEqual({ day: ['must be a date (YYYY-MM-DD)'] });
    const filtered = await edgeCaseCall('GET', '/api/orgs/1/gadgets?filter[day]=2026-02-31', { user: ALICE });
    expect(filtered.status).toBe(400);
    expectCleanError(filtered.text);
  });

  it('a timestamp on a day the calendar lacks (2026-02-31T10:00:00Z, which Date reads as March 3) is refused', async () => {
    const created = await edgeCaseCall('POST', '/api/orgs/1/gadgets', {
      user: ALICE,
      body: { data: { name: 'G', seenAt: '2026-02-31T10:00:00Z' } },
    });
    expect(created.status).toBe(422);
    expect((created.body as ErrorBody).error.fields).toEqual({ seenAt: ['must be an ISO-8601 date'] });
    const filtered = await edgeCaseCall('GET', '/api/orgs/1/gadgets?filter[seenAt]=2026-02-31', { user: ALICE });
    expect(filtered.status).toBe(400);
    expectCleanError(filtered.text);
    const leap = await edgeCaseCall('POST', '/api/orgs/1/gadgets', {
      user: ALICE,
      body: { data: { name: 'G', seenAt: '2028-02-29T23:30:00-05:00' } },
    });
    expect(leap.status).toBe(201);
  });

  it('valid values of those types round-trip', async () => {
    const response = await edgeCaseCall('POST', '/api/orgs/1/gadgets', {
      user: ALICE,
      body: {
        data: {
          name: 'Full',
          price: '12.50',
          ref: '123e4567-e89b-12d3-a456-426614174000',
          day: '2024-02-29',
          seenAt: '2024-02-29T10:00:00Z',
          tags: [1, 2],
          meta: { __proto__: null, a: 1 },
        },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ price: '12.50', day: '2024-02-29', tags: [1, 2], orgId: 1 });
    const filtered = await edgeCaseCall('GET', '/api/orgs/1/gadgets?filter[price]=12.50', { user: ALICE });
    expect((filtered.body as { data: Row[] }).data.map((row) => row.name)).toEqual(['Full']);
  });

  it('varchar(n) counts characters as PostgreSQL does, not UTF-16 code units', async () => {
    // Regression: checkString / validateRecord compare value.length (UTF-16 units): 6 emoji (12 units) fail varchar(10).
    const name = '😀'.repeat(6);
    const response = await edgeCaseCall('POST', '/api/orgs/1/gadgets', { user: ALICE, body: { data: { name } } });
    expect(response.status).toBe(201);
    expect((response.body as Row).name).toBe(name);
  });
});

describe('hooks and rescues that fail', () => {
  it('a @rescue that throws a plain Error is a clean 500', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await edgeCaseCall('POST', '/api/orgs/1/gadgets/explode', { user: ALICE, body: {} });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', requestId: expect.any(String) },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('documents: an @after hook throwing after update answers 500, and the write stays committed', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await edgeCaseCall('PATCH', '/api/orgs/1/gadgets/1', {
        user: ALICE,
        body: { data: { name: 'New' } },
      });
      expect(response.status).toBe(500);
      expectCleanError(response.text);
      expect(edgeCaseLog).toEqual(['after:update']);
      // Documented (docs/controllers.md, "Decisions"): @after hooks run after the action's writes; a failing hook does not undo them.
      const rows = await db().execute(sql`select name from gadgets where id = 1`);
      expect(rows[0]?.name).toBe('New');
    } finally {
      spy.mockRestore();
    }
  });

  it("a POST action returning nothing answers 200 with null (DESIGN: the method's return value)", async () => {
    const rest = await edgeCaseCall('POST', '/api/orgs/1/gadgets/returns-nothing', { user: ALICE });
    expect(rest.status).toBe(200);
    expect(rest.body).toBeNull();
  });
});

describe('tRPC batching', () => {
  it('refuses a batch of 1000 calls instead of running them all concurrently', async () => {
    // Regression: createApiHandler sets no maxBatchSize: one 1 MB request fans out to thousands of dispatches/queries.
    const count = 1000;
    const paths = Array.from({ length: count }, () => 'orgs.projects.stats').join(',');
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { orgId: 1 }]))),
    );
    const response = await handler(
      new Request(`http://localhost/api/trpc/${paths}?batch=1&input=${input}`, { headers: { 'x-user': ALICE } }),
    );
    expect([400, 413, 429]).toContain(response.status);
  });
});
