/**
 * Presigns per user through the app's handler (RATE_LIMIT_PRESIGN=3/1m here):
 * 429 with Retry-After and the usual error body over REST and tRPC, single
 * and multipart presigns counted together, other users untouched, and a
 * count shared with another instance's limiter on its own connection.
 * The limit is checked before the slot: a presign refused for its slot (400,
 * as here, where no slot needs declaring) still counts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLimiter, storedKey } from '@/backend/rateLimit';
import { closeDb, type pool } from '@/db/database';
import { User } from '@/db/models';
import * as schema from '@/db/schema';
import { env } from '@/env';
import { connectDatabase } from '@/server';
import { startTestStorage, type TestStorage } from '@/server/testing';
import { handler } from './index';
import { api, type DemoWorld, seedDemo } from './testClient';

// Before env.ts is imported (vi.hoisted runs ahead of the imports): a small limit, as a deployment would set it.
vi.hoisted(() => {
  vi.stubEnv('RATE_LIMIT_PRESIGN', '3/1m');
});

let world: DemoWorld;
let storage: TestStorage;
let other: ReturnType<typeof pool> | undefined;

beforeAll(async () => {
  world = await seedDemo();
  storage = await startTestStorage();
});
afterAll(async () => {
  await storage.stop();
  await other?.$client.end({ timeout: 5 });
  await closeDb();
});

const file = { filename: 'logo.png', contentType: 'image/png', byteSize: 100, slot: 'Nothing.here' };
const presign = (cookie: string) => api('POST', `/teams/${world.acme.id}/uploads/presign`, { cookie, body: file });

/** Within the limit: refused for the slot only (the request went through the limiter). */
function expectCounted(response: { status: number; body: unknown }): void {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toMatchObject({ error: { code: 'BAD_REQUEST', fields: { slot: expect.any(Array) } } });
}

function expectTooMany(response: { status: number; headers: Headers; body: unknown }): void {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('presign rate limit', () => {
  it('answers 429 with Retry-After and the JSON error body after N presigns, on REST and tRPC', async () => {
    for (let i = 0; i < 2; i++) expectCounted(await presign(world.alice));
    // The multipart presign counts with the single one.
    const multipart = await api('POST', `/teams/${world.acme.id}/uploads/create-multipart`, {
      cookie: world.alice,
      body: { ...file, byteSize: 10 * 1024 * 1024, contentType: 'application/pdf' },
    });
    expectCounted(multipart);

    const refused = await presign(world.alice);
    expectTooMany(refused);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.body).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many uploads, try again later' },
    });

    const trpc = await handler(
      new Request('http://localhost/api/trpc/teams.uploads.presign', {
        method: 'POST',
        headers: { cookie: world.alice, 'content-type': 'application/json' },
        body: JSON.stringify({ teamId: world.acme.id, ...file }),
      }),
    );
    const body = (await trpc.json()) as { error: { message: string; data: { code: string; httpStatus: number } } };
    expectTooMany({ status: trpc.status, headers: trpc.headers, body });
    expect(body.error).toMatchObject({
      message: 'Too many uploads, try again later',
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
    });

    // Per user: Carol in her own team is not concerned by Alice's count.
    const carol = await api('POST', `/teams/${world.globex.id}/uploads/presign`, { cookie: world.carol, body: file });
    expectCounted(carol);
  });

  it('counts presigns made on another instance (its own connection to the same database)', async () => {
    const bob = await User.findBy({ email: 'bob@example.com' });
    if (!bob || !env.DATABASE_URL) throw new Error('seeded above; DATABASE_URL set by the test setup');
    other = connectDatabase(env.DATABASE_URL, { schema, max: 1 });
    const elsewhere = createLimiter('presign', other, { points: 3, durationSeconds: 60 });
    await elsewhere.consume(storedKey(`user:${bob.id}`), 2);

    expectCounted(await presign(world.bob));
    expectTooMany(await presign(world.bob));
  });
});
