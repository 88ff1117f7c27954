/**
 * The limits on real PostgreSQL: counting and the window's reset, a limit
 * shared by two limiters on two connections, the sign-in pair (account+IP
 * and IP) keyed independently, Bearer failures, and the sweep.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeDb, db, type pool } from '@/db/database';
import * as schema from '@/db/schema';
import { env } from '@/env';
import { connectDatabase, TooManyRequests } from '@/server';
import {
  assertNotBlocked,
  clearFailures,
  createLimiter,
  rateLimit,
  recordFailure,
  storedKey,
  sweepExpiredRateLimits,
} from './rateLimits';
import { withRule } from './testing/withRule';

afterEach(async () => {
  await db().delete(schema.rateLimits);
});

let other: ReturnType<typeof pool> | undefined;
afterAll(async () => {
  await other?.$client.end({ timeout: 5 });
  await closeDb();
});

/** The 429 a call throws, or null when it passes. */
async function refusal(call: Promise<void>): Promise<TooManyRequests | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof TooManyRequests) return error;
    throw error;
  }
}

describe('rateLimit', () => {
  it('lets `points` requests through per window, then answers 429 with the seconds left', async () => {
    await withRule('signUp', { points: 3, durationSeconds: 60 }, async () => {
      for (let i = 0; i < 3; i++) expect(await refusal(rateLimit('signUp', '203.0.113.7'))).toBeNull();
      const refused = await refusal(rateLimit('signUp', '203.0.113.7'));
      expect(refused).toBeInstanceOf(TooManyRequests);
      expect(refused?.status).toBe(429);
      expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(refused?.headers).toEqual({ 'retry-after': String(refused?.retryAfterSeconds) });
      // Another key has its own count.
      expect(await refusal(rateLimit('signUp', '203.0.113.8'))).toBeNull();
    });
  });

  it('starts counting again once the window is over', async () => {
    await withRule('invitationAccept', { points: 2, durationSeconds: 60 }, async () => {
      await rateLimit('invitationAccept', '203.0.113.9');
      await rateLimit('invitationAccept', '203.0.113.9');
      expect(await refusal(rateLimit('invitationAccept', '203.0.113.9'))).not.toBeNull();
      // The window ends where the stored row says it does: moved into the past rather than waited for, so a
      // slow machine cannot let the window lapse in the middle of the three calls above.
      await db()
        .update(schema.rateLimits)
        .set({ expire: new Date(Date.now() - 1_000) });
      expect(await refusal(rateLimit('invitationAccept', '203.0.113.9'))).toBeNull();
      expect(await refusal(rateLimit('invitationAccept', '203.0.113.9'))).toBeNull();
      expect(await refusal(rateLimit('invitationAccept', '203.0.113.9'))).not.toBeNull();
    });
  });

  it('is shared by limiters on separate connections: what each consumes adds up', async () => {
    await withRule('presign', { points: 4, durationSeconds: 60 }, async () => {
      if (!env.DATABASE_URL) throw new Error('DATABASE_URL is set by scripts/vitest/setup.ts');
      other = connectDatabase(env.DATABASE_URL, { schema, max: 1 }); // a second pool, as a second instance has
      const elsewhere = createLimiter('presign', other, { points: 4, durationSeconds: 60 });
      const [mine] = await db().execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const [theirs] = await other.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect(mine?.pid).not.toBe(theirs?.pid);

      await rateLimit('presign', 'user:7');
      await elsewhere.consume(storedKey('user:7'));
      await rateLimit('presign', 'user:7');
      await elsewhere.consume(storedKey('user:7'));
      // 4 used between the two: both refuse now.
      expect(await refusal(rateLimit('presign', 'user:7'))).not.toBeNull();
      await expect(elsewhere.consume(storedKey('user:7'))).rejects.toMatchObject({ remainingPoints: 0 });
    });
  });

  it('does nothing, and touches no row, when the limit is off', async () => {
    await withRule('signUp', null, async () => {
      for (let i = 0; i < 20; i++) await rateLimit('signUp', '203.0.113.10');
      expect(await db().select().from(schema.rateLimits)).toEqual([]);
    });
  });

  it('keeps neither emails nor addresses in the table, and fits any key in its 255 characters', async () => {
    const email = `${'x'.repeat(240)}@example.com`;
    await assertNotBlocked('signIn', { email, ip: '2001:db8::/64' });
    const keys = (await db().select().from(schema.rateLimits)).map((row) => row.key).sort();
    expect(keys).toEqual([
      `signInAccount:${storedKey(`${email} 2001:db8::/64`)}`,
      `signInIp:${storedKey('2001:db8::/64')}`,
    ]);
    expect(keys.join()).not.toMatch(/example|2001/);
  });
});

describe('sign-in failures: per (account, IP) and per IP', () => {
  /** One wrong password, as the sign-in route will handle it. */
  async function failSignIn(email: string, ip: string): Promise<TooManyRequests | null> {
    const refused = await refusal(assertNotBlocked('signIn', { email, ip }));
    if (!refused) await recordFailure('signIn', { email, ip });
    return refused;
  }

  it('blocks an account from one IP after its failures, not the same account from another IP', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 900 }, async () => {
      for (let i = 0; i < 3; i++) expect(await failSignIn('victim@example.com', '198.51.100.1')).toBeNull();
      const refused = await failSignIn('Victim@Example.com ', '198.51.100.1'); // same account, spelled otherwise
      expect(refused?.message).toBe('Too many failed sign-in attempts, try again later');
      expect(refused?.retryAfterSeconds).toBeGreaterThan(890);
      // The owner, elsewhere, is not locked out by the attacker's failures.
      expect(await refusal(assertNotBlocked('signIn', { email: 'victim@example.com', ip: '198.51.100.2' }))).toBeNull();
    });
  });

  it('blocks an IP that fails across many accounts, by the per-IP limit', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 900 }, async () => {
      await withRule('signInIp', { points: 5, durationSeconds: 900 }, async () => {
        for (let i = 0; i < 5; i++) expect(await failSignIn(`user${i}@example.com`, '198.51.100.3')).toBeNull();
        // A sixth account, never tried before, from the same IP: refused.
        expect(await failSignIn('fresh@example.com', '198.51.100.3')).not.toBeNull();
        // Another IP is not concerned.
        expect(await failSignIn('fresh@example.com', '198.51.100.4')).toBeNull();
      });
    });
  });

  it('counts parallel attempts atomically: no more than the limit get past the check', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 900 }, async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          refusal(assertNotBlocked('signIn', { email: 'a@example.com', ip: '198.51.100.5' })),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(3);
    });
  });

  it('a success clears the account count but gives back only its own attempt on the per-IP count', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 900 }, async () => {
      await withRule('signInIp', { points: 4, durationSeconds: 900 }, async () => {
        const ip = '198.51.100.6';
        await failSignIn('mine@example.com', ip);
        await failSignIn('mine@example.com', ip);
        // The right password: passes the check, then clears.
        await assertNotBlocked('signIn', { email: 'mine@example.com', ip });
        await clearFailures('signIn', { email: 'mine@example.com', ip });
        // The account starts over (3 more) ...
        for (let i = 0; i < 2; i++) expect(await failSignIn('mine@example.com', ip)).toBeNull();
        // ... but the IP keeps its 2 earlier failures: 2 + 2 = 4, the next is refused.
        expect(await failSignIn('other@example.com', ip)).not.toBeNull();
      });
    });
  });
});

describe('Bearer failures per IP', () => {
  it('only failures count: checks alone never block; the limit-th failure blocks the IP', async () => {
    await withRule('bearerFailure', { points: 3, durationSeconds: 300 }, async () => {
      const ip = '192.0.2.1';
      for (let i = 0; i < 10; i++) await assertNotBlocked('bearer', { ip }); // valid keys: reads only
      for (let i = 0; i < 3; i++) {
        await assertNotBlocked('bearer', { ip });
        await recordFailure('bearer', { ip });
      }
      const refused = await refusal(assertNotBlocked('bearer', { ip }));
      expect(refused?.message).toBe('Too many failed API key attempts, try again later');
      expect(refused?.retryAfterSeconds).toBeGreaterThan(290);
      // A success from the same IP does not reset it (one valid key would otherwise reopen guessing).
      await clearFailures('bearer', { ip });
      expect(await refusal(assertNotBlocked('bearer', { ip }))).not.toBeNull();
      expect(await refusal(assertNotBlocked('bearer', { ip: '192.0.2.2' }))).toBeNull();
    });
  });
});

describe('sweepExpiredRateLimits', () => {
  it('removes rows whose window ended over a minute ago, and only those', async () => {
    const now = Date.now();
    await db()
      .insert(schema.rateLimits)
      .values([
        { key: 'old', points: 3, expire: new Date(now - 120_000) },
        { key: 'justEnded', points: 3, expire: new Date(now - 1000) },
        { key: 'live', points: 3, expire: new Date(now + 60_000) },
      ]);
    expect(await sweepExpiredRateLimits()).toBe(1);
    const left = await db().select({ key: schema.rateLimits.key }).from(schema.rateLimits);
    expect(left.map((row) => row.key).sort()).toEqual(['justEnded', 'live']);
  });
});
