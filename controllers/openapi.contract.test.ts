/**
 * Contract test: every route of the OpenAPI document is called with valid
 * input on real PostgreSQL and s3rver, and each real answer validates against
 * the documented schema (controllers/contractRecorder.ts). Then each error
 * status the document lists somewhere is produced by some route. A route the
 * router serves but the document lacks fails the run, and so does a route
 * that no call reached: the controllers come from the app's one list
 * (controllers.gen.ts). A controller whose own test records its calls with
 * `contractRecorder` (as the scaffold generator's tests do) is covered there
 * instead of here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RateLimitRule, RULES } from '@/backend/rateLimit';
import { closeDb, db } from '@/db/database';
import { Membership, User } from '@/db/models';
import { rateLimits } from '@/db/schema';
import { startTestStorage, type TestStorage, TINY_PNG } from '@/server/testing';
import { type ContractRecorder, contractRecorder } from './contractRecorder';
import { api, controllerClasses, openApiDocument } from './index';
import { type DemoWorld, seedDemo } from './testClient';

type Row = Record<string, unknown> & { id: number };

/** Does the controller's own test record its calls against the document (and check their coverage)? */
function coveredByOwnTest(name: string): boolean {
  const file = path.join(import.meta.dirname, `${name}.test.ts`);
  return existsSync(file) && readFileSync(file, 'utf8').includes('contractRecorder(');
}

/** The controllers whose every route must be called below: all of them but those covered by their own test. */
const COVERED_HERE = controllerClasses.map((Controller) => Controller.name).filter((name) => !coveredByOwnTest(name));

/**
 * Routes that answer no 2xx on purpose (405: not offered; see the controllers).
 * Listed here so the coverage check does not ask for a successful call.
 */
const NOT_OFFERED = ['DELETE /teams/{id}', 'POST /teams/{teamId}/members'];

/** `GET /teams/{teamId}/campaigns` -> its operationId. */
function operationIdOf(name: string): string {
  const [method, path] = name.split(' ') as [string, string];
  return openApiDocument().paths[path]?.[method.toLowerCase()]?.operationId ?? '';
}
const PNG = TINY_PNG;

let world: DemoWorld;
let storage: TestStorage;
let contract: ContractRecorder;
let team: string;

beforeAll(async () => {
  world = await seedDemo();
  team = `/teams/${world.acme.id}`;
  storage = await startTestStorage();
  contract = contractRecorder(openApiDocument());
});
afterAll(async () => {
  await storage.stop();
  await closeDb();
});

/** `contract.call` that also requires the given status. */
async function ok<T = Row>(status: number, method: string, path: string, body?: unknown, cookie = world.alice) {
  const response = await contract.call<T>(method, path, { cookie, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body;
}

describe('every documented route answers what the document says', () => {
  it('campaigns: CRUD, mutations, actions and attachments', async () => {
    await ok(
      200,
      'GET',
      `${team}/campaigns?page=1&perPage=5&sort=-createdAt,name&filter[status]=draft,active&scopes=notArchived&search=a`,
    );
    const created = await ok(201, 'POST', `${team}/campaigns`, {
      data: { name: 'Contract', budget: 100, status: 'draft' },
    });
    const path = `${team}/campaigns/${created.id}`;
    await ok(200, 'GET', path);
    await ok(200, 'PATCH', path, { data: { name: 'Contract 2', budget: null } });
    await ok(200, 'POST', `${path}/publish`);
    await ok(200, 'GET', `${team}/campaigns/stats`);
    await ok(200, 'GET', `${path}/score`);
    const copy = await ok(200, 'POST', `${path}/duplicate`, { name: 'Contract copy' });
    await ok(200, 'POST', `${team}/campaigns/bulk-publish`, { ids: [copy.id] });
    await ok(200, 'POST', `${team}/campaigns/bulk-archive`, { ids: [copy.id, created.id] });
    await ok(200, 'DELETE', `${team}/campaigns/${copy.id}`);

    // Files: presign -> PUT to storage -> confirm -> attach -> the campaign shows the slot.
    const draft = await ok(201, 'POST', `${team}/campaigns`, { data: { name: 'With logo' } });
    const presigned = await ok<{ asset: Row; uploadUrl: string; method: string; headers: Record<string, string> }>(
      200,
      'POST',
      `${team}/uploads/presign`,
      { filename: 'logo.png', contentType: 'image/png', byteSize: PNG.byteLength, slot: 'Campaign.logo' },
    );
    const put = await fetch(presigned.uploadUrl, {
      method: presigned.method,
      headers: presigned.headers,
      body: new Uint8Array(PNG),
    });
    expect(put.status).toBe(200);
    await ok(200, 'POST', `${team}/uploads/confirm`, { assetId: presigned.asset.id });
    await ok(200, 'POST', `${team}/campaigns/${draft.id}/attach`, { slot: 'logo', assetId: presigned.asset.id });
    const shown = await ok(200, 'GET', `${team}/campaigns/${draft.id}`);
    expect(shown.logo).toMatchObject({ id: presigned.asset.id, url: expect.any(String) });
    await ok(200, 'GET', `${team}/uploads/storage-usage`);

    // Large files: multipart (one small part suffices for the contract), and a cancelled one.
    const pdf = Buffer.from('%PDF-1.7 multipart contract');
    const file = {
      filename: 'big.pdf',
      contentType: 'application/pdf',
      byteSize: pdf.byteLength,
      slot: 'Campaign.documents',
    };
    const multipart = await ok<{ asset: Row }>(200, 'POST', `${team}/uploads/create-multipart`, file);
    const assetId = multipart.asset.id;
    const signed = await ok<{ parts: Array<{ url: string }> }>(200, 'POST', `${team}/uploads/sign-parts`, {
      assetId,
      partNumbers: [1],
    });
    const part = await fetch(signed.parts[0]?.url as string, { method: 'PUT', body: new Uint8Array(pdf) });
    await ok(200, 'POST', `${team}/uploads/record-part`, { assetId, partNumber: 1, etag: part.headers.get('etag') });
    await ok(200, 'POST', `${team}/uploads/complete-multipart`, { assetId });
    const cancelled = await ok<{ asset: Row }>(200, 'POST', `${team}/uploads/create-multipart`, file);
    await ok(200, 'POST', `${team}/uploads/abort-multipart`, { assetId: cancelled.asset.id });
  });

  it('posts, team settings and API keys', async () => {
    const campaign = await ok(201, 'POST', `${team}/campaigns`, { data: { name: 'For posts' } });
    const posts = `${team}/campaigns/${campaign.id}/posts`;
    await ok(200, 'GET', `${posts}?sort=title`);
    const post = await ok(201, 'POST', posts, { data: { title: 'Hello', body: null } });
    await ok(200, 'GET', `${posts}/${post.id}`);
    await ok(200, 'PATCH', `${posts}/${post.id}`, { data: { body: 'World' } });
    await ok(200, 'DELETE', `${posts}/${post.id}`);

    await ok(200, 'GET', `${team}/team-settings`);
    await ok(200, 'POST', `${team}/team-settings`);
    await ok(200, 'PATCH', `${team}/team-settings`, { data: { weeklyDigest: false, timezone: 'Europe/Paris' } });

    await ok(200, 'GET', `${team}/api-keys`);
    const key = await ok<Row & { token: string }>(201, 'POST', `${team}/api-keys`, { data: { name: 'CI' } });
    expect(key.token).toMatch(/^ak_/);
    expect(key).not.toHaveProperty('hash');
    await ok(200, 'GET', `${team}/api-keys/${key.id}`);
    await ok(200, 'PATCH', `${team}/api-keys/${key.id}`, { data: { name: 'CI 2' } });
    // An API key works as documented (Bearer), for reads and writes.
    const viaKey = await contract.call('GET', `${team}/campaigns`, { token: key.token });
    expect(viaKey.status).toBe(200);
    await ok(200, 'DELETE', `${team}/api-keys/${key.id}`);
  });
});

describe('teams, members and invitations', () => {
  it('create and rename a team, invite, accept, change a role, leave, remove, revoke', async () => {
    await ok(200, 'GET', '/teams?sort=name');
    const created = await ok(201, 'POST', '/teams', { data: { name: 'Contract team' } });
    const own = `/teams/${created.id}`;
    await ok(200, 'GET', own);
    await ok(200, 'PATCH', own, { data: { name: 'Contract team 2' } });
    await ok(200, 'GET', `${own}/members`);

    const invitation = await ok<Row & { link: string }>(201, 'POST', `${own}/invitations`, {
      data: { email: 'bob@example.com', role: 'member' },
    });
    await ok(200, 'GET', `${own}/invitations?scopes=pending`);
    await ok(200, 'GET', `${own}/invitations/${invitation.id}`);
    await ok(200, 'PATCH', `${own}/invitations/${invitation.id}`, { data: { role: 'owner' } });
    const token = invitation.link.split('/invitations/')[1];
    await ok(200, 'POST', '/invitations/lookup', { token }, world.bob);
    await ok(200, 'POST', '/invitations/accept', { token }, world.bob);

    const bob = (await User.findBy({ email: 'bob@example.com' })) as User;
    const bobs = (await Membership.findBy({ teamId: created.id, userId: bob.id })) as Membership;
    await ok(200, 'GET', `${own}/members/${bobs.id}`);
    await ok(200, 'PATCH', `${own}/members/${bobs.id}`, { data: { role: 'member' } });
    await ok(200, 'POST', `${own}/members/leave`, undefined, world.bob);

    // Carol: invited, made a member another way meanwhile (409 on accepting), then removed.
    const forCarol = await ok<Row & { link: string }>(201, 'POST', `${own}/invitations`, {
      data: { email: 'carol@example.com' },
    });
    const carol = (await User.findBy({ email: 'carol@example.com' })) as User;
    const carols = await Membership.create({ teamId: created.id, userId: carol.id, role: 'member' });
    const conflict = await contract.call('POST', '/invitations/accept', {
      cookie: world.carol,
      body: { token: forCarol.link.split('/invitations/')[1] },
    });
    expect(conflict.status).toBe(409);
    await ok(200, 'DELETE', `${own}/members/${carols.id}`);
    await ok(200, 'DELETE', `${own}/invitations/${forCarol.id}`);
  });
});

describe('every documented error status is produced by some route', () => {
  it('400, 401, 403, 404, 413, 415, 422', async () => {
    const campaigns = `${team}/campaigns`;
    const { call } = contract;
    expect((await call('GET', `${campaigns}?page=0`, { cookie: world.alice })).status).toBe(400);
    expect((await call('GET', campaigns)).status).toBe(401);
    const active = await ok(201, 'POST', campaigns, { data: { name: 'Active one', status: 'active' } });
    expect((await call('DELETE', `${campaigns}/${active.id}`, { cookie: world.bob })).status).toBe(403);
    expect((await call('GET', `${campaigns}/2147483647`, { cookie: world.alice })).status).toBe(404);
    const huge = { data: { name: 'x'.repeat(1_100_000) } };
    expect((await call('POST', campaigns, { cookie: world.alice, body: huge, invalid: true })).status).toBe(413);
    const text = { 'content-type': 'text/plain' };
    expect((await call('POST', campaigns, { cookie: world.alice, body: {}, headers: text })).status).toBe(415);
    expect((await call('POST', campaigns, { cookie: world.alice, body: { data: { name: ' ' } } })).status).toBe(422);
    expect((await call('DELETE', `${campaigns}/${active.id}`, { cookie: world.alice })).status).toBe(422);
  });

  it('429 past a rate limit (here: API keys per team), with Retry-After', async () => {
    const saved = RULES.apiKeyCreate;
    (RULES as Record<string, RateLimitRule>).apiKeyCreate = { points: 1, durationSeconds: 3600 };
    try {
      await db().delete(rateLimits);
      await ok(201, 'POST', `${team}/api-keys`, { data: { name: 'within the limit' } });
      const refused = await contract.call('POST', `${team}/api-keys`, {
        cookie: world.alice,
        body: { data: { name: 'one too many' } },
      });
      expect(refused.status).toBe(429);
    } finally {
      (RULES as Record<string, RateLimitRule>).apiKeyCreate = saved;
      await db().delete(rateLimits);
    }
  });

  // Last: it stops the S3 server.
  it('503 when storage is down (confirm, then presign)', async () => {
    const body = { filename: 'a.png', contentType: 'image/png', byteSize: 10, slot: 'Campaign.logo' };
    const pending = await ok<{ asset: Row }>(200, 'POST', `${team}/uploads/presign`, body);
    await storage.stop();
    const confirm = { assetId: pending.asset.id };
    expect(
      (await contract.call('POST', `${team}/uploads/confirm`, { cookie: world.alice, body: confirm })).status,
    ).toBe(503);
    // The failed HEAD made the storage probe forget its last success: presign asks again and fails too.
    expect((await contract.call('POST', `${team}/uploads/presign`, { cookie: world.alice, body })).status).toBe(503);
  });
});

describe('coverage of the run', () => {
  it('every route the router serves is documented, and every documented route was called and answered 2xx', () => {
    const served = api.routes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort();
    expect(contract.documented.sort()).toEqual(served);
    const notCalled = contract.documented.filter(
      (name) => !NOT_OFFERED.includes(name) && ![...(contract.seen.get(name) ?? [])].some((s) => s < 300),
    );
    // A controller you add fails here until you add calls for it above (or record them in its own test).
    const coveredHere = (name: string) => COVERED_HERE.some((c) => operationIdOf(name).startsWith(`${c}.`));
    expect(notCalled.filter(coveredHere)).toEqual([]);
  });

  it('each error status the document lists was answered by some route', () => {
    const documentedErrors = new Set<number>();
    for (const methods of Object.values(openApiDocument().paths)) {
      for (const operation of Object.values(methods)) {
        for (const status of Object.keys(operation.responses as object))
          if (Number(status) >= 400) documentedErrors.add(Number(status));
      }
    }
    const produced = new Set([...contract.seen.values()].flatMap((statuses) => [...statuses]));
    expect([...documentedErrors].filter((status) => !produced.has(status)).sort()).toEqual([]);
  });
});
