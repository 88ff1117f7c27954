/**
 * Every client name of the fixture controllers, called through `.with()` over
 * a vanilla tRPC client (httpBatchLink) whose fetch is the real API handler,
 * on real PostgreSQL. Failures arrive as ClientErrors with code and fields.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server';
import { clientTestHandler } from '@/server/testing/clientFixtures';
import { type ClientApis, manifest } from '@/server/testing/clientFixtures.gen';
import { createFixtureTables } from '@/server/testing/controllerFixtures';
import { freePort } from '../testing/freePort';
import { closeTestDatabase } from '../testing/testDatabase';
import { ClientError, isClientError } from './ClientError';
import type { ProcedureCaller } from './clientTypes';
import { createControllerClients } from './createControllerClients';
import { createProcedureCaller, MAX_URL_LENGTH } from './procedureCaller';

const ALICE = '1:1=owner';

/** Records which procedures were called, so the last test can prove every name was. */
const called = new Set<string>();

function callerAs(user?: string): ProcedureCaller {
  const caller = createProcedureCaller({
    url: 'http://localhost/api/trpc',
    fetch: (input, init) => clientTestHandler(new Request(input, init)),
    headers: user ? { 'x-user': user } : {},
  });
  const record = (type: 'query' | 'mutation') => (path: string, input: unknown) => {
    called.add(path);
    return caller[type](path, input);
  };
  return { query: record('query'), mutation: record('mutation') };
}

const client = callerAs(ALICE);
const clients = createControllerClients<ClientApis>(manifest);
const reports = clients.ReportController.with({ orgId: 1 }, { client });
const projects = clients.ProjectController.with({ orgId: 1 }, { client });

async function rejection(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isClientError(error)) throw new Error(`expected a ClientError, got ${String(error)}`);
  return error;
}

beforeAll(createFixtureTables);
afterAll(closeTestDatabase);
beforeEach(async () => {
  await db().execute(sql`truncate projects, org_settings restart identity`);
  await db().execute(sql`
    insert into projects (org_id, name, status, budget) values
      (1, 'Bravo', 'draft', 10), (1, 'Alpha', 'active', null), (1, 'Charlie', 'archived', 5), (2, 'Globex', 'draft', 1);
  `);
});

describe('.with(): the spec table', () => {
  it('GET actions: indexStats, indexKeypoints, getSummary, indexScore(id)', async () => {
    expect(await reports.indexStats()).toEqual({ total: 3 });
    expect(await reports.indexKeypoints()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const summary = await reports.getSummary();
    expect(summary).toMatchObject({ budgets: 15, newest: { id: 3, name: 'Charlie', orgId: 1 } });
    expect(typeof summary.newest?.createdAt).toBe('string');
    expect(await reports.indexScore(1)).toEqual({ id: 1, score: 10 });
  });

  it('POST actions and mutations: recalculate, presign, assign({id, ...}), publish(id), bulkArchive(ids)', async () => {
    expect(await reports.mutateRecalculate()).toEqual({ recalculated: 3, at: '2026-01-02T03:04:05.000Z' });
    expect(await reports.mutatePresign({ filename: 'a.png', contentType: 'image/png' })).toEqual({
      uploadUrl: 'https://storage.test/uploads/a.png?signed',
      key: 'uploads/a.png',
      publicUrl: 'https://cdn.test/uploads/a.png',
    });
    expect(await reports.mutateAssign({ id: 1, ownerId: 2 })).toMatchObject({ id: 1, ownerId: 2 });
    expect(await reports.mutatePublish(1)).toMatchObject({ id: 1, status: 'active' });
    // Org 2's project (4) is out of scope: only 2 and 3 are archived.
    expect(await reports.mutateBulkArchive([2, 3, 4])).toEqual({ archived: [2, 3] });
  });

  it('default actions: index with options, get (overridden), create, update, destroy', async () => {
    const page = await reports.index({ sort: ['-name'], filter: { status: ['draft', 'active'] }, perPage: 1, page: 2 });
    expect(page.data.map((r) => r.name)).toEqual(['Alpha']);
    expect(page.pagination).toEqual({ page: 2, perPage: 1, totalCount: 2, totalCountCapped: false, hasMore: false });
    expect(page.data[0]).toHaveProperty('owner', null);
    expect((await reports.index({ search: 'char', scopes: ['draft', 'active'] })).data).toEqual([]);
    expect(await reports.get(1)).toMatchObject({
      report: { id: 1, name: 'Bravo' },
      generatedAt: '2026-01-02T03:04:05.000Z',
    });

    const created = await reports.create({ name: 'Delta', budget: 7 });
    expect(created).toMatchObject({ name: 'Delta', budget: 7, orgId: 1, ownerId: 1 });
    expect(await reports.update(created.id, { name: 'Echo' })).toMatchObject({
      id: created.id,
      name: 'Echo',
      budget: 7,
    });
    expect(await reports.destroy(created.id)).toEqual({ success: true });
    expect((await rejection(reports.get(created.id))).code).toBe('NOT_FOUND');
  });

  it('the framework fixtures: every ProjectController name', async () => {
    expect((await projects.index()).data.map((r) => r.name)).toEqual(['Alpha', 'Bravo']); // defaultScopes: notArchived
    expect(await projects.get(1)).toMatchObject({ id: 1, owner: null });
    const created = await projects.create({ name: 'Foxtrot' });
    expect(await projects.update(created.id, { budget: 9 })).toMatchObject({ budget: 9 });
    expect(await projects.destroy(created.id)).toEqual({ success: true });
    expect(await projects.indexStats()).toEqual({ total: 3 });
    expect(await projects.indexScore(2)).toEqual({ id: 2, score: 50 });
    expect(await projects.mutatePublish(1)).toMatchObject({ status: 'active' });
    expect(await projects.mutateBulkActivate([1, 4])).toEqual({ activated: 1, ids: [1] });
    expect(await projects.mutateBulkArchive([1])).toEqual({ archived: 1, requested: 1 });
    expect(await projects.mutateRename({ id: 2, name: 'Zulu' })).toMatchObject({ id: 2, name: 'Zulu' });
    expect(await projects.mutateEcho({ hello: 'world' })).toMatchObject({ input: { hello: 'world' } });
    expect(await projects.mutateBrew()).toEqual({ teapot: true }); // @rescue's value
  });

  it('singletons, plain and unscoped controllers', async () => {
    const settings = clients.OrgSettingsController.with({ orgId: 1 }, { client });
    expect(await settings.get()).toBeNull();
    expect(await settings.findOrCreate()).toMatchObject({ orgId: 1, timezone: 'UTC' });
    expect(await settings.update({ timezone: 'Europe/Paris' })).toMatchObject({ timezone: 'Europe/Paris' });
    const uploads = clients.UploadController.with({ orgId: 1 }, { client });
    expect(await uploads.indexStorageUsage()).toEqual({ bytes: 0 });
    expect(await uploads.mutatePresign({ filename: 'x.txt' })).toEqual({ filename: 'x.txt', relation: null });
    expect(await clients.APIKeyController.with(undefined, { client }).indexPing()).toBe('pong');
    expect(await clients.ThingController.with(undefined, { client }).indexLatest()).toEqual({ latest: true });
    const people = clients.PersonController.with(undefined, { client });
    const person = await people.create({ name: 'Dana' });
    expect(person).toEqual({ id: 4 }); // `name` is hidden
    expect(await people.get(4)).toEqual({ id: 4 });
    expect((await people.index()).data).toHaveLength(4);
    expect(await people.update(4, {})).toEqual({ id: 4 });
    expect(await people.destroy(4)).toEqual({ success: true });
  });

  it("answers a model's computed fields with its records, however they are answered", async () => {
    const badges = clients.BadgeController.with(undefined, { client });
    const issuedAt = '2026-01-02T03:04:05.000Z';
    const created = await badges.create({ name: 'Eve' });
    expect(created).toEqual({ id: created.id, name: 'Eve', initial: 'E', issuedAt, nickname: 'Eve' });
    expect(await badges.get(1)).toEqual({ id: 1, name: 'Alice', initial: 'A', issuedAt }); // no nickname: undefined
    expect((await badges.index()).data.map((badge) => badge.initial)).toContain('E');
    expect(await badges.update(created.id, { name: 'Evelyn' })).toMatchObject({ initial: 'E', name: 'Evelyn' });
    expect(await badges.indexNewest()).toMatchObject({
      badge: { id: created.id, initial: 'E' },
      recent: [{ issuedAt }],
    });
    expect(await badges.destroy(created.id)).toEqual({ success: true });
  });
});

describe('.with(): errors and scope', () => {
  it('a server it cannot reach is a NETWORK_ERROR naming the URL and how to set it', async () => {
    const url = `http://127.0.0.1:${await freePort()}/api/trpc`;
    const unreachable = clients.ReportController.with({ orgId: 1 }, { client: createProcedureCaller({ url }) });
    const error = await rejection(unreachable.indexStats());
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', httpStatus: 0 });
    expect(error.message).toMatch(new RegExp(`^Could not reach ${url} \\(fetch failed\\)`));
    expect(error.message).toContain('configureClient({ url, headers })');
  });

  it('validation failures carry code, status and fields', async () => {
    const error = await rejection(reports.create({ name: '' }));
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      code: 'UNPROCESSABLE_ENTITY',
      httpStatus: 422,
      fields: { name: ["can't be blank"] },
    });
  });

  it('input errors are BAD_REQUEST with fields; the scope guard answers 401 / 404', async () => {
    const bad = await rejection(reports.index({ sort: 'ownerId' as 'name' }));
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    expect(Object.keys(bad.fields ?? {})).toEqual(['sort']);
    const anonymous = clients.ReportController.with({ orgId: 1 }, { client: callerAs() });
    expect((await rejection(anonymous.indexStats())).code).toBe('UNAUTHORIZED');
    const otherOrg = clients.ReportController.with({ orgId: 2 }, { client });
    expect((await rejection(otherOrg.indexStats())).code).toBe('NOT_FOUND');
  });

  it('sends the scope last, so an argument cannot move a call to another org', async () => {
    // A member of both orgs: were `orgId: 2` sent, project 4 (org 2) would be found and reassigned.
    const both = clients.ReportController.with({ orgId: 1 }, { client: callerAs('1:1=owner,2=owner') });
    const sneaky = { ownerId: null, orgId: 2, id: 4 } as { id: number; ownerId: null };
    expect((await rejection(both.mutateAssign(sneaky))).code).toBe('NOT_FOUND');
    expect((await db().execute(sql`select owner_id from projects where id = 4`))[0]).toEqual({ owner_id: null });
  });

  it('splits calls made in one tick into batches the server accepts (at most MAX_BATCH_SIZE calls each)', async () => {
    // A page rendering 60 rows that each ask for something: one tick, more calls than one batch may carry.
    const answers = await Promise.all(Array.from({ length: 60 }, () => reports.indexStats()));
    expect(answers).toEqual(Array.from({ length: 60 }, () => ({ total: 3 })));
  });

  it('splits a batch whose URL would be too long for servers and proxies (MAX_URL_LENGTH)', async () => {
    // Ten searches of 1,000 characters (the longest a value may be) in one tick: one GET's URL would pass 10,000.
    const urls: string[] = [];
    const recording = createProcedureCaller({
      url: 'http://localhost/api/trpc',
      fetch: (input, init) => {
        urls.push(String(input));
        return clientTestHandler(new Request(input, init));
      },
      headers: { 'x-user': ALICE },
    });
    const searching = clients.ReportController.with({ orgId: 1 }, { client: recording });
    const term = 'x'.repeat(1_000);
    const pages = await Promise.all(Array.from({ length: 10 }, () => searching.index({ search: term })));
    expect(pages.every((page) => page.data.length === 0)).toBe(true);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
  });

  it('refuses a missing scope param before sending anything', () => {
    expect(() => clients.ReportController.with({} as { orgId: number }, { client })).toThrow(
      'ReportController: scope param "orgId" must be a number',
    );
  });
});

it('called every procedure of the manifest', () => {
  const all = Object.values(manifest).flatMap((controller) => Object.values(controller.methods).map(([path]) => path));
  expect(all.filter((path) => !called.has(path))).toEqual([]);
});
