/**
 * Failed API keys count against the caller's IP (backend/context.ts):
 * past the limit they are 429 with Retry-After, on REST and tRPC alike, and a
 * valid key from another address is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type DemoWorld, seedDemo } from '@/controllers/testClient';
import { closeDb } from '@/db/database';
import { withRuleForAll } from './rateLimit/testing/withRule';

let world: DemoWorld;

beforeAll(async () => {
  world = await seedDemo();
});
withRuleForAll('bearerFailure', { points: 3, durationSeconds: 60 });
afterAll(closeDb);

const BAD = `ak_${'0'.repeat(12)}_${'A'.repeat(43)}`;

describe('failed Bearer attempts per IP', () => {
  it('answers 401 up to the limit, then 429 with Retry-After, even for a valid key; other addresses are unaffected', async () => {
    const ip = { 'x-forwarded-for': '192.0.2.44' };
    const path = `/teams/${world.acme.id}/members`;
    for (let i = 0; i < 3; i++) {
      expect((await api('GET', path, { token: BAD, headers: ip })).status).toBe(401);
    }
    const blocked = await api<{ error: { code: string } }>('GET', path, { token: 'garbage', headers: ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error.code).toBe('TOO_MANY_REQUESTS');
    const input = encodeURIComponent(JSON.stringify({ teamId: world.acme.id }));
    expect((await api('GET', `/trpc/teams.members.index?input=${input}`, { token: BAD, headers: ip })).status).toBe(
      429,
    );

    expect((await api('GET', path, { token: BAD, headers: { 'x-forwarded-for': '192.0.2.45' } })).status).toBe(401);
    const created = await api<{ token: string }>('POST', `/teams/${world.acme.id}/api-keys`, {
      cookie: world.alice,
      body: { data: { name: 'limit test' } },
    });
    expect(created.status).toBe(201);
    expect(
      (await api('GET', path, { token: created.body.token, headers: { 'x-forwarded-for': '192.0.2.46' } })).status,
    ).toBe(200);
  });
});
