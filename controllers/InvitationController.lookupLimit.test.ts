/**
 * `POST /api/invitations/lookup` counts per client IP (`invitationLookup`,
 * RATE_LIMIT_INVITATION_LOOKUP): anyone may call it without signing in, so
 * past the limit an address gets 429 with Retry-After, over REST and tRPC,
 * whether its tokens were real or guesses (404s count: they are the
 * enumeration the limit slows). Other addresses keep their own count, and
 * lookups do not spend the accept limit. The default is in env.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withRule } from '@/backend/rateLimit/testing/withRule';
import { closeDb, db } from '@/db/database';
import { rateLimits } from '@/db/schema';
import { handler } from './index';
import { api, type DemoWorld, seedDemo } from './testClient';

type ErrorBody = { error: { code: string; message: string } };

let world: DemoWorld;
let token: string;

beforeAll(async () => {
  world = await seedDemo();
  const invited = await api<{ link: string }>('POST', `/teams/${world.acme.id}/invitations`, {
    cookie: world.alice,
    body: { data: { email: 'lookup@example.com' } },
  });
  expect(invited.status).toBe(201);
  token = invited.body.link.split('/invitations/')[1] as string;
});
afterAll(closeDb);

/** A lookup from `ip`, anonymous, as the invitation page's visitors are. */
function lookup(ip: string, body: { token: string }) {
  return api<ErrorBody>('POST', '/invitations/lookup', { body, headers: { 'x-forwarded-for': ip } });
}

function expectTooMany(response: { status: number; headers: Headers; body: unknown }, windowSeconds: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

it('answers 429 with Retry-After past RATE_LIMIT_INVITATION_LOOKUP per client IP, on REST and tRPC', async () => {
  await db().delete(rateLimits);
  await withRule('invitationLookup', { points: 3, durationSeconds: 60 }, async () => {
    expect((await lookup('203.0.113.20', { token })).status).toBe(200);
    // A guessed token is a 404 and counts the same.
    expect((await lookup('203.0.113.20', { token: 'not-a-real-token' })).status).toBe(404);
    expect((await lookup('203.0.113.20', { token })).status).toBe(200);

    const refused = await lookup('203.0.113.20', { token });
    expectTooMany(refused, 60);
    expect(refused.body).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many invitation lookups from this address, try again later' },
    });
    expectTooMany(await lookup('203.0.113.20', { token: 'another-guess' }), 60);

    const trpc = await handler(
      new Request('http://localhost/api/trpc/invitations.lookup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.20' },
        body: JSON.stringify({ token }),
      }),
    );
    expect(trpc.status).toBe(429);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const trpcBody = (await trpc.json()) as { error: { data: { code: string } } };
    expect(trpcBody.error.data.code).toBe('TOO_MANY_REQUESTS');

    // Another address has its own count.
    const elsewhere = await lookup('198.51.100.20', { token });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ teamName: 'Acme', email: 'lookup@example.com', status: 'pending' });

    // Lookups spend their own limit, not the invitee's accept attempts: accepting from the blocked address still gets through it.
    const accept = await api<ErrorBody>('POST', '/invitations/accept', {
      cookie: world.bob,
      body: { token },
      headers: { 'x-forwarded-for': '203.0.113.20' },
    });
    expect(accept.status, JSON.stringify(accept.body)).toBe(403);
  });
  await db().delete(rateLimits);
});
