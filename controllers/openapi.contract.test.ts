/**
 * Contract test: every route of the OpenAPI document is called with valid
 * input on real PostgreSQL and s3rver, and each real answer validates against
 * the documented schema (controllers/contractRecorder.ts). Then each error
 * status the document lists somewhere is produced by some route. A route the
 * router serves but the document lacks fails the run, and so does a route
 * that no call reached: the controllers come from the app's one list
 * (controllers.gen.ts). A controller whose own test records its calls with
 * `contractRecorder` (as the scaffold generator's tests do) is covered there
 * instead of here. The uploads are called with a slot the app declares; with
 * none declared, the routes that need one are listed and checked for their
 * refusals instead (NEED_A_SLOT).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRule } from '@/backend/rateLimit/testing/withRule';
import { closeDb, db } from '@/db/database';
import { Membership, modelClasses, User } from '@/db/models';
import { rateLimits } from '@/db/schema';
import { findSlot, type ModelClass, mimeMatches } from '@/server';
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

const FILES = [
  { filename: 'logo.png', contentType: 'image/png', bytes: TINY_PNG },
  { filename: 'brief.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.7 contract') },
];

/**
 * A slot the app's UploadController signs (a team-scoped model's, `Model.slot`)
 * and a file it takes, or undefined when the app declares no such slot.
 */
function uploadableSlot() {
  for (const model of Object.values(modelClasses as Record<string, ModelClass>)) {
    if (!model.attributeNames.includes('teamId')) continue;
    const declared = (model.meta.options as { attachments?: Record<string, unknown> }).attachments ?? {};
    for (const name of Object.keys(declared)) {
      const registered = findSlot(`${model.modelName}.${name}`);
      const file = FILES.find((f) => registered && mimeMatches(registered.slot.accepts, f.contentType));
      if (registered && file) return { slot: registered.key, ...file };
    }
  }
  return undefined;
}
const upload = uploadableSlot();

/**
 * The uploads routes that answer 2xx only for a file of a declared slot. While
 * the app declares none, the coverage check names them here instead of asking
 * for a success, and the test below checks their refusals.
 */
const NEED_A_SLOT = upload
  ? []
  : [
      'presign',
      'confirm',
      'create-multipart',
      'sign-parts',
      'record-part',
      'complete-multipart',
      'abort-multipart',
    ].map((action) => `POST /teams/{teamId}/uploads/${action}`);

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

/** presign -> PUT to storage -> confirm; returns the ready asset's id. */
async function uploadFile(file: { filename: string; contentType: string; bytes: Buffer; slot: string }) {
  const { bytes, ...metadata } = file;
  const presigned = await ok<{ asset: Row; uploadUrl: string; method: string; headers: Record<string, string> }>(
    200,
    'POST',
    `${team}/uploads/presign`,
    { ...metadata, byteSize: bytes.byteLength },
  );
  const put = await fetch(presigned.uploadUrl, {
    method: presigned.method,
    headers: presigned.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  await ok(200, 'POST', `${team}/uploads/confirm`, { assetId: presigned.asset.id });
  return presigned.asset.id;
}

describe('every documented route answers what the document says', () => {
  it.runIf(upload)('uploads: presign, PUT, confirm, multipart and its cancellation, storage usage', async () => {
    if (!upload) return;
    await uploadFile(upload);
    await ok(200, 'GET', `${team}/uploads/storage-usage`);

    // Large files: multipart (one small part suffices for the contract), and a cancelled one.
    const { bytes, ...metadata } = upload;
    const file = { ...metadata, byteSize: bytes.byteLength };
    const multipart = await ok<{ asset: Row }>(200, 'POST', `${team}/uploads/create-multipart`, file);
    const assetId = multipart.asset.id;
    const signed = await ok<{ parts: Array<{ url: string }> }>(200, 'POST', `${team}/uploads/sign-parts`, {
      assetId,
      partNumbers: [1],
    });
    const part = await fetch(signed.parts[0]?.url as string, { method: 'PUT', body: new Uint8Array(bytes) });
    await ok(200, 'POST', `${team}/uploads/record-part`, { assetId, partNumber: 1, etag: part.headers.get('etag') });
    await ok(200, 'POST', `${team}/uploads/complete-multipart`, { assetId });
    const cancelled = await ok<{ asset: Row }>(200, 'POST', `${team}/uploads/create-multipart`, file);
    await ok(200, 'POST', `${team}/uploads/abort-multipart`, { assetId: cancelled.asset.id });
  });

  it.skipIf(upload)('uploads with no slot declared: every slot is refused, storage usage answers', async () => {
    const file = { filename: 'a.png', contentType: 'image/png', byteSize: 10, slot: 'Team.logo' };
    expect((await contract.call('POST', `${team}/uploads/presign`, { cookie: world.alice, body: file })).status).toBe(
      400,
    );
    const multipart = await contract.call('POST', `${team}/uploads/create-multipart`, {
      cookie: world.alice,
      body: file,
    });
    expect(multipart.status).toBe(400);
    const none = { assetId: 2147483647 };
    for (const action of ['confirm', 'complete-multipart', 'abort-multipart']) {
      const response = await contract.call('POST', `${team}/uploads/${action}`, { cookie: world.alice, body: none });
      expect(response.status, action).toBe(404);
    }
    const sign = await contract.call('POST', `${team}/uploads/sign-parts`, {
      cookie: world.alice,
      body: { ...none, partNumbers: [1] },
    });
    expect(sign.status).toBe(404);
    const record = await contract.call('POST', `${team}/uploads/record-part`, {
      cookie: world.alice,
      body: { ...none, partNumber: 1, etag: '"abc"' },
    });
    expect(record.status).toBe(404);
    expect(await ok(200, 'GET', `${team}/uploads/storage-usage`)).toEqual({ assetCount: 0, totalBytes: 0 });
  });

  it('API keys, and a key used as documented (Bearer)', async () => {
    await ok(200, 'GET', `${team}/api-keys`);
    const key = await ok<Row & { token: string }>(201, 'POST', `${team}/api-keys`, { data: { name: 'CI' } });
    expect(key.token).toMatch(/^ak_/);
    expect(key).not.toHaveProperty('hash');
    await ok(200, 'GET', `${team}/api-keys/${key.id}`);
    await ok(200, 'PATCH', `${team}/api-keys/${key.id}`, { data: { name: 'CI 2' } });
    const viaKey = await contract.call('GET', `${team}/members?sort=-role&filter[role]=owner`, { token: key.token });
    expect(viaKey.status).toBe(200);
    await ok(200, 'DELETE', `${team}/api-keys/${key.id}`);
  });

  // demo:begin
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

    // Files: upload -> attach -> the campaign shows the slot -> detach empties it.
    const draft = await ok(201, 'POST', `${team}/campaigns`, { data: { name: 'With logo' } });
    const png = FILES[0] as (typeof FILES)[number];
    const assetId = await uploadFile({ ...png, slot: 'Campaign.logo' });
    await ok(200, 'POST', `${team}/campaigns/${draft.id}/attach`, { slot: 'logo', assetId });
    const shown = await ok(200, 'GET', `${team}/campaigns/${draft.id}`);
    expect(shown.logo).toMatchObject({ id: assetId, url: expect.any(String) });
    const emptied = await ok(200, 'POST', `${team}/campaigns/${draft.id}/detach`, { slot: 'logo' });
    expect(emptied.logo).toBeNull();
  });

  it('posts and team settings', async () => {
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
  });
  // demo:end
});

describe('teams, members and invitations', () => {
  it('create and rename a team, invite, accept, change a role, leave, decline, remove, revoke', async () => {
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
    // Invited again after leaving, Bob declines.
    const again = await ok<Row & { link: string }>(201, 'POST', `${own}/invitations`, {
      data: { email: 'bob@example.com' },
    });
    await ok(200, 'POST', '/invitations/decline', { token: again.link.split('/invitations/')[1] }, world.bob);

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
    const members = `${team}/members`;
    const invitations = `${team}/invitations`;
    const { call } = contract;
    expect((await call('GET', `${members}?page=0`, { cookie: world.alice })).status).toBe(400);
    expect((await call('GET', members)).status).toBe(401);
    const alice = (await User.findBy({ email: 'alice@example.com' })) as User;
    const owner = (await Membership.findBy({ teamId: world.acme.id, userId: alice.id })) as Membership;
    // Bob is a member of Acme, not an owner: he may not remove Alice.
    expect((await call('DELETE', `${members}/${owner.id}`, { cookie: world.bob })).status).toBe(403);
    expect((await call('GET', `${members}/2147483647`, { cookie: world.alice })).status).toBe(404);
    const huge = { data: { email: `${'x'.repeat(1_100_000)}@example.com` } };
    expect((await call('POST', invitations, { cookie: world.alice, body: huge, invalid: true })).status).toBe(413);
    const text = { 'content-type': 'text/plain' };
    expect((await call('POST', invitations, { cookie: world.alice, body: {}, headers: text })).status).toBe(415);
    const notAnEmail = { data: { email: 'not an email' } };
    expect((await call('POST', invitations, { cookie: world.alice, body: notAnEmail })).status).toBe(422);
    // Alice is Acme's only owner: demoting her would leave the team without one.
    const demote = { data: { role: 'member' } };
    expect((await call('PATCH', `${members}/${owner.id}`, { cookie: world.alice, body: demote })).status).toBe(422);
  });

  it('429 past a rate limit (here: API keys per team), with Retry-After', async () => {
    await withRule('apiKeyCreate', { points: 1, durationSeconds: 3600 }, async () => {
      try {
        await db().delete(rateLimits);
        await ok(201, 'POST', `${team}/api-keys`, { data: { name: 'within the limit' } });
        const refused = await contract.call('POST', `${team}/api-keys`, {
          cookie: world.alice,
          body: { data: { name: 'one too many' } },
        });
        expect(refused.status).toBe(429);
      } finally {
        await db().delete(rateLimits);
      }
    });
  });

  // Last: it stops the S3 server.
  it.runIf(upload)('503 when storage is down (confirm, then presign)', async () => {
    if (!upload) return;
    const body = { filename: upload.filename, contentType: upload.contentType, byteSize: 10, slot: upload.slot };
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
    // A controller you add fails here until you add calls for it above (or record them in its own test).
    const notCalled = COVERED_HERE.flatMap((controller) => contract.uncalled(controller)).filter(
      (name) => !NOT_OFFERED.includes(name) && !NEED_A_SLOT.includes(name),
    );
    expect(notCalled).toEqual([]);
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
    // Storage outages (503) are answered by the uploads routes once a file is on its way: they need a slot.
    const unreachable = upload ? [] : [503];
    const missing = [...documentedErrors].filter((status) => !produced.has(status) && !unreachable.includes(status));
    expect(missing.sort()).toEqual([]);
  });
});
