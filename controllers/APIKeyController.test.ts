/**
 * /api/teams/:teamId/api-keys (owners only) and authenticating with a key:
 * the token is shown once, the hash never; a key acts as its creator within
 * its team only; a revoked key is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRule } from '@/backend/rateLimit/testing/withRule';
import { closeDb, db } from '@/db/database';
import { ApiKey, Campaign, Membership, User } from '@/db/models';
import { rateLimits } from '@/db/schema';
import { countQueries } from '@/server';
import { api, type DemoWorld, seedDemo } from './testClient';

type Row = Record<string, unknown>;
type Index = { data: Row[] };

let world: DemoWorld;
let keys: string;
let aliceId: number;

beforeAll(async () => {
  world = await seedDemo();
  keys = `/teams/${world.acme.id}/api-keys`;
  aliceId = ((await User.findBy({ email: 'alice@example.com' })) as User).id;
});
afterAll(closeDb);

async function createKey(name: string): Promise<{ id: number; token: string; body: Row }> {
  const response = await api<Row>('POST', keys, { cookie: world.alice, body: { data: { name } } });
  expect(response.status).toBe(201);
  return { id: response.body.id as number, token: response.body.token as string, body: response.body };
}

describe('managing keys', () => {
  it('create returns the record plus the token, once; nothing ever returns the hash', async () => {
    const { id, token, body } = await createKey('CI');
    expect(token).toMatch(/^ak_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ name: 'CI', teamId: world.acme.id, createdById: aliceId, lastUsedAt: null });
    expect(body.prefix).toBe(token.split('_')[1]);
    expect(body).not.toHaveProperty('hash');

    const stored = await ApiKey.find(id);
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toContain(stored.hash);
    expect(stored.hash).not.toContain(token.slice(-43));

    const list = await api<Index>('GET', keys, { cookie: world.alice });
    const listed = list.body.data.find((row) => row.id === id) as Row;
    expect(listed).toMatchObject({ name: 'CI', creator: { id: aliceId, name: 'Alice' } });
    const one = await api<Row>('GET', `${keys}/${id}`, { cookie: world.alice });
    const renamed = await api<Row>('PATCH', `${keys}/${id}`, { cookie: world.alice, body: { data: { name: 'CI 2' } } });
    expect(renamed.body.name).toBe('CI 2');
    for (const json of [listed, one.body, renamed.body]) {
      expect(json).not.toHaveProperty('hash');
      expect(json).not.toHaveProperty('token');
      expect(JSON.stringify(json)).not.toContain(stored.hash);
      expect(JSON.stringify(json)).not.toContain(token);
    }
  });

  it('ignores a client-chosen prefix, hash or creator, and requires a name', async () => {
    const bob = (await User.findBy({ email: 'bob@example.com' })) as User;
    const response = await api<Row>('POST', keys, {
      cookie: world.alice,
      body: { data: { name: 'Mine', prefix: 'aaaaaaaaaaaa', hash: 'f'.repeat(64), createdById: bob.id } },
    });
    expect(response.status).toBe(201);
    expect(response.body.prefix).not.toBe('aaaaaaaaaaaa');
    expect(response.body.createdById).toBe(aliceId);
    expect((await ApiKey.find(response.body.id as number)).hash).not.toBe('f'.repeat(64));
    const blank = await api<{ error: { fields: Row } }>('POST', keys, { cookie: world.alice, body: { name: ' ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.error.fields).toEqual({ name: ["can't be blank"] });
    // Nothing visible is blank too: a key list would show an empty name.
    const invisible = await api<{ error: { fields: Row } }>('POST', keys, {
      cookie: world.alice,
      body: { name: '\u200b\u2060' },
    });
    expect(invisible.status).toBe(422);
    expect(invisible.body.error.fields).toEqual({ name: ["can't be blank"] });
  });

  it('is owners only: Bob gets 403 on every route, Carol 404, anonymous 401', async () => {
    const { id } = await createKey('Owner only');
    const routes = [
      ['GET', keys],
      ['POST', keys],
      ['GET', `${keys}/${id}`],
      ['PATCH', `${keys}/${id}`],
      ['DELETE', `${keys}/${id}`],
    ] as const;
    for (const [method, path] of routes) {
      const body = method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined;
      expect((await api(method, path, { cookie: world.bob, body })).status, `${method} ${path}`).toBe(403);
      expect((await api(method, path, { cookie: world.carol, body })).status, `${method} ${path}`).toBe(404);
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await ApiKey.find(id)).name).toBe('Owner only');
  });
});

describe('the per-team limit', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_API_KEY_CREATE for one team, and mints nothing more', async () => {
    await withRule('apiKeyCreate', { points: 2, durationSeconds: 3600 }, async () => {
      await db().delete(rateLimits); // keys of earlier tests counted too
      try {
        const create = (name: string) => api('POST', keys, { cookie: world.alice, body: { data: { name } } });
        expect((await create('limit-1')).status).toBe(201);
        expect((await create('limit-2')).status).toBe(201);
        const refused = await create('limit-3');
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
        expect(await ApiKey.where({ name: 'limit-3' }).exists()).toBe(false);
      } finally {
        await db().delete(rateLimits);
      }
    });
  });
});

describe('Authorization: Bearer <token>', () => {
  it('acts as the creator within the key’s team and stamps lastUsedAt', async () => {
    const { id, token } = await createKey('Script');
    const { result, count } = await countQueries(() =>
      api<Index>('GET', `/teams/${world.acme.id}/members?perPage=1`, { token }),
    );
    expect(result.status).toBe(200);
    expect(result.body.data.length).toBe(1);
    // The failed-key limit of this address (a primary-key read), key lookup, lastUsedAt stamp, then the
    // page with its count (more pages follow) and the members' users.
    expect(count).toBe(5);
    const used = await ApiKey.find(id);
    expect(used.lastUsedAt).toBeInstanceOf(Date);
    expect(Date.now() - (used.lastUsedAt as Date).getTime()).toBeLessThan(60_000);

    // Alice's role comes with her key: past the owners' check, refused only for being a key.
    const keysByKey = await api('GET', keys, { token });
    expect(keysByKey.status).toBe(403);
    expect(keysByKey.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'API keys cannot manage API keys; sign in' },
    });
  });

  // demo:begin
  it('writes as the creator (the demo campaigns record who created them)', async () => {
    const { token } = await createKey('Writer');
    const created = await api<Row>('POST', `/teams/${world.acme.id}/campaigns`, { token, body: { name: 'By key' } });
    expect(created.status).toBe(201);
    expect(created.body.createdById).toBe(aliceId);
  });
  // demo:end

  it('reaches no other team, even one its creator belongs to', async () => {
    const { token } = await createKey('Acme only');
    // Alice joins Globex too: her session reaches it, her Acme key does not.
    await Membership.create({ teamId: world.globex.id, userId: aliceId, role: 'member' });
    try {
      expect((await api('GET', `/teams/${world.globex.id}/members`, { cookie: world.alice })).status).toBe(200);
      const response = await api('GET', `/teams/${world.globex.id}/members`, { token });
      expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Team not found' } });
    } finally {
      await Membership.where({ teamId: world.globex.id, userId: aliceId }).deleteAll();
    }
  });

  it('cannot manage API keys (a leaked key must not mint more)', async () => {
    const { token } = await createKey('No minting');
    const before = await ApiKey.count();
    const response = await api('POST', keys, { token, body: { name: 'Minted' } });
    expect(response.status).toBe(403);
    expect(await ApiKey.count()).toBe(before);
  });

  it('refuses a wrong secret, a malformed token or header with 401, even with a valid session', async () => {
    const { token } = await createKey('Target');
    const wrongSecret = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const path = `/teams/${world.acme.id}/members`;
    for (const authorization of [
      `Bearer ${wrongSecret}`,
      `Bearer ${token}x`,
      'Bearer ak_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'Bearer ',
      'Basic YWxpY2U6c2VjcmV0',
      token,
    ]) {
      const response = await api('GET', path, {
        cookie: world.alice,
        headers: { authorization },
      });
      expect(response.status, authorization).toBe(401);
      expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } });
    }
  });

  it('is refused once revoked (DELETE), and once its creator leaves the team', async () => {
    const revoked = await createKey('Revoked');
    expect((await api('GET', `/teams/${world.acme.id}/members`, { token: revoked.token })).status).toBe(200);
    expect((await api('DELETE', `${keys}/${revoked.id}`, { cookie: world.alice })).body).toEqual({ success: true });
    expect((await api('GET', `/teams/${world.acme.id}/members`, { token: revoked.token })).status).toBe(401);

    // A member's key (made directly: members cannot create keys through the API).
    const bob = (await User.findBy({ email: 'bob@example.com' })) as User;
    const bobKey = await ApiKey.create({ teamId: world.acme.id, name: 'Bob script', createdById: bob.id });
    const token = bobKey.token as string;
    const usage = `/teams/${world.acme.id}/uploads/storage-usage`;
    expect((await api('GET', usage, { token })).status).toBe(200);
    // The key has Bob's role: refused by the owners' check, before the one for keys.
    expect((await api('GET', keys, { token })).body).toEqual({
      error: { code: 'FORBIDDEN', message: 'Only team owners can do this' },
    });
    // demo:begin
    const campaign = await Campaign.create({ teamId: world.acme.id, name: 'Keep me' });
    expect((await api('DELETE', `/teams/${world.acme.id}/campaigns/${campaign.id}`, { token })).status).toBe(403);
    // demo:end
    await Membership.where({ teamId: world.acme.id, userId: bob.id }).deleteAll();
    try {
      expect((await api('GET', usage, { token })).status).toBe(401);
    } finally {
      await Membership.create({ teamId: world.acme.id, userId: bob.id, role: 'member' });
    }
  });
});
