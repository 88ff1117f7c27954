/**
 * Default CRUD over REST through createApiHandler with real Requests, on real
 * PostgreSQL: index options, write rules, tenant isolation, statement counts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countQueries, db } from '@/server';
import { call, createFixtureTables } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';

const ALICE = '1:1=owner'; // owner of org 1 (Acme)
const BOB = '2:1=member'; // member of org 1
const CAROL = '3:2=owner'; // owner of org 2 (Globex)

type Row = Record<string, unknown>;
type Index = { data: Row[]; pagination: { page: number; perPage: number; totalCount: number; hasMore: boolean } };

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);

beforeEach(async () => {
  await db().execute(sql`truncate projects restart identity`);
  await db().execute(sql`
    insert into projects (org_id, name, budget, status, owner_id, created_at)
    select 1, 'Project ' || lpad(i::text, 2, '0'), i * 100,
           (array['draft','active','archived'])[1 + i % 3], 1 + i % 2, now() - (i || ' minutes')::interval
    from generate_series(1, 12) i;
    insert into projects (org_id, name, status) values (2, 'Globex secret', 'draft');
  `);
});

describe('index', () => {
  it('pages with perPage defaults, clamps to maxPerPage, and includes the owner', async () => {
    const first = await call('GET', '/orgs/1/projects', { user: ALICE });
    expect(first.status).toBe(200);
    const body = first.body as Index;
    // 12 rows, 4 archived hidden by the default scope notArchived -> 8.
    expect(body.pagination).toEqual({ page: 1, perPage: 5, totalCount: 8, totalCountCapped: false, hasMore: true });
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toMatchObject({ name: 'Project 01', owner: { id: 2, name: 'Bob' } });
    expect(Object.keys(body.data[0]?.owner as Row).sort()).toEqual(['id', 'name']);
    expect(body.data.every((row) => row.orgId === 1)).toBe(true);

    const clamped = (await call('GET', '/orgs/1/projects?perPage=500&page=2', { user: ALICE })).body as Index;
    expect(clamped.pagination).toEqual({
      page: 2,
      perPage: 20,
      totalCount: 8,
      totalCountCapped: false,
      hasMore: false,
    });
    expect(clamped.data).toHaveLength(0);
  });

  it('sorts by allowed fields, with - for desc', async () => {
    const body = (await call('GET', '/orgs/1/projects?sort=-budget&perPage=3', { user: ALICE })).body as Index;
    expect(body.data.map((row) => row.budget)).toEqual([1200, 1000, 900]);
    const byName = (await call('GET', '/orgs/1/projects?sort=name&perPage=2', { user: ALICE })).body as Index;
    expect(byName.data.map((row) => row.name)).toEqual(['Project 01', 'Project 03']); // 02 is archived
  });

  it('filters (single, list, typed) and applies requested scopes instead of the defaults', async () => {
    const drafts = (await call('GET', '/orgs/1/projects?filter[status]=draft&perPage=20', { user: ALICE }))
      .body as Index;
    expect(drafts.data.map((row) => row.status)).toEqual(['draft', 'draft', 'draft', 'draft']);
    const owner = (await call('GET', '/orgs/1/projects?filter[ownerId]=1,2&scopes=archived', { user: ALICE }))
      .body as Index;
    expect(owner.pagination.totalCount).toBe(4);
    expect(owner.data.every((row) => row.status === 'archived')).toBe(true);
    const search = (await call('GET', '/orgs/1/projects?search=ect%200&perPage=20', { user: ALICE })).body as Index;
    expect(search.data.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Project 01', 'Project 03', 'Project 04', 'Project 06', 'Project 07', 'Project 09']),
    );
    expect(search.pagination.totalCount).toBe(6);
  });

  it('answers 400 for unknown or hostile sort, filter and scope input', async () => {
    for (const query of [
      'sort=secret',
      'sort=name;drop table projects',
      'sort=name)--',
      'filter[orgId]=2',
      'filter[budget]=abc',
      'filter[status]=bogus',
      'scopes=everything',
      'page=0',
      'perPage=-1',
      'page=1.5',
    ]) {
      const response = await call('GET', `/orgs/1/projects?${query}`, { user: ALICE });
      expect(response.status, query).toBe(400);
      expect((response.body as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    }
    const rows = await db().execute(sql`select count(*)::int as n from projects`);
    expect(rows[0]?.n).toBe(13);
  });

  it('costs 1 statement plus 1 per include, whatever the page size', async () => {
    for (const perPage of [1, 20]) {
      const { count } = await countQueries(() => call('GET', `/orgs/1/projects?perPage=${perPage}`, { user: ALICE }));
      // The page with its count, and one for the `owner` include.
      expect(count, `perPage=${perPage}`).toBe(2);
    }
  });
});

describe('get', () => {
  it('returns the record with get.include, and 404 outside the scope', async () => {
    const found = await call('GET', '/orgs/1/projects/1', { user: ALICE });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: 1, name: 'Project 01', owner: { id: 2, name: 'Bob' } });
    expect(typeof (found.body as Row).createdAt).toBe('string');

    // Project 13 belongs to org 2: unreachable through org 1, even for its owner.
    const hidden = await call('GET', '/orgs/1/projects/13', { user: ALICE });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Project not found' } });
  });

  it('parses :id and scope params strictly (400), guard first (401 before 404)', async () => {
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expect((await call('GET', `/orgs/1/projects/${bad}`, { user: ALICE })).status, bad).toBe(400);
      expect((await call('GET', `/orgs/${bad}/projects`, { user: ALICE })).status, bad).toBe(400);
    }
    expect((await call('GET', '/orgs/1/projects/999')).status).toBe(401);
    expect((await call('GET', '/orgs/1/projects/999', { user: CAROL })).status).toBe(404);
    expect((await call('GET', '/orgs/2/projects/1', { user: CAROL })).status).toBe(404);
  });
});

describe('create', () => {
  it('writes only permitted fields, never id/timestamps/scope fields, and autoSet wins', async () => {
    const response = await call('POST', '/orgs/1/projects', {
      user: BOB,
      body: {
        data: { name: 'New', budget: 5, id: 999, orgId: 2, ownerId: 3, createdAt: '2000-01-01T00:00:00Z', secret: 1 },
      },
    });
    expect(response.status).toBe(201);
    const created = response.body as Row;
    expect(created).toMatchObject({ name: 'New', budget: 5, orgId: 1, ownerId: 2, status: 'draft' });
    expect(created.id).not.toBe(999);
    expect(String(created.createdAt).startsWith('2000')).toBe(false);
  });

  it('accepts a body without the data key as the attributes themselves', async () => {
    const response = await call('POST', '/orgs/1/projects', { user: ALICE, body: { name: 'Bare' } });
    expect(response.status).toBe(201);
    expect((response.body as Row).name).toBe('Bare');
  });

  it('answers 422 with field errors for validation failures and wrong types, writing nothing', async () => {
    const blank = await call('POST', '/orgs/1/projects', { user: ALICE, body: { data: { name: '' } } });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ error: { code: 'UNPROCESSABLE_ENTITY', fields: { name: expect.any(Array) } } });

    const wrongTypes = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      body: { data: { name: 'x'.repeat(121), budget: 'a lot', status: 'bogus' } },
    });
    expect(wrongTypes.status).toBe(422);
    const fields = (wrongTypes.body as { error: { fields: Record<string, string[]> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['budget', 'name', 'status']);
    const rows = await db().execute(sql`select count(*)::int as n from projects`);
    expect(rows[0]?.n).toBe(13);
  });

  it('rejects malformed JSON, non-object data, oversize bodies, NUL bytes and lone surrogates with 4xx JSON', async () => {
    const malformed = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      rawBody: '{"data": {',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await call('POST', '/orgs/1/projects', { user: ALICE, body: { data: [1, 2] } })).status).toBe(400);
    expect((await call('POST', '/orgs/1/projects', { user: ALICE, body: [1] })).status).toBe(400);
    const huge = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      body: { data: { name: 'x'.repeat(1_100_000) } },
    });
    expect(huge.status).toBe(413);
    const nul = await call('POST', '/orgs/1/projects', { user: ALICE, body: { data: { name: 'a\u0000b' } } });
    expect(nul.status).toBe(400);
    const surrogate = await call('POST', '/orgs/1/projects', { user: ALICE, body: { data: { name: 'a\ud800b' } } });
    expect(surrogate.status).toBe(400);
    expect((surrogate.body as { error: { fields: unknown } }).error.fields).toEqual({
      'data.name': ['must be valid Unicode (an unpaired surrogate cannot be stored)'],
    });
    const text = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
  });

  it('refuses cross-site cookie-authenticated writes (CSRF)', async () => {
    const response = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      body: { name: 'csrf' },
      headers: { cookie: 'session=1', origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    const sameSite = await call('POST', '/orgs/1/projects', {
      user: ALICE,
      body: { name: 'ok' },
      headers: { cookie: 'session=1', origin: 'http://localhost' },
    });
    expect(sameSite.status).toBe(201);
  });
});

describe('update', () => {
  it('touches only permitted, given columns', async () => {
    const { result: response, statements } = await countQueries(() =>
      call('PATCH', '/orgs/1/projects/1', { user: ALICE, body: { data: { budget: 7, status: 'archived', orgId: 2 } } }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 1, budget: 7, status: 'active', orgId: 1, name: 'Project 01' });
    const update = statements.find((statement) => statement.startsWith('update'));
    const setClause = update?.split(' where ')[0];
    expect(setClause).toMatch(/"budget"/);
    expect(setClause).not.toMatch(/"name"|"status"|"org_id"/);
  });

  it('cannot reach another tenant', async () => {
    const response = await call('PATCH', '/orgs/1/projects/13', { user: ALICE, body: { data: { name: 'pwned' } } });
    expect(response.status).toBe(404);
    const rows = await db().execute(sql`select name from projects where id = 13`);
    expect(rows[0]?.name).toBe('Globex secret');
  });
});

describe('destroy', () => {
  it('deletes, answers {success: true}; a beforeDestroy veto is 422 with fields.base', async () => {
    const draft = await call('DELETE', '/orgs/1/projects/3', { user: ALICE });
    expect(draft.status).toBe(200);
    expect(draft.body).toEqual({ success: true });
    const active = await call('DELETE', '/orgs/1/projects/1', { user: ALICE });
    expect(active.status).toBe(422);
    expect(active.body).toMatchObject({ error: { fields: { base: ['cannot delete an active project'] } } });
    const rows = await db().execute(sql`select id from projects where id in (1, 3) order by id`);
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it('honours @before role checks after the guard and the record load (403)', async () => {
    expect((await call('DELETE', '/orgs/1/projects/3', { user: BOB })).status).toBe(403);
    expect((await call('DELETE', '/orgs/1/projects/999', { user: BOB })).status).toBe(404);
    expect((await call('DELETE', '/orgs/1/projects/13', { user: ALICE })).status).toBe(404);
  });
});

describe('routing', () => {
  it('answers 404 for unknown routes and 405 with Allow for a wrong method', async () => {
    const missing = await call('GET', '/nowhere', { user: ALICE });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const wrong = await call('PUT', '/orgs/1/projects/1', { user: ALICE, body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, PATCH, DELETE, HEAD, OPTIONS');
  });
});
