/**
 * Limits on the /api/auth endpoints that send mail, through the real handlers
 * (better-auth on this file's PostgreSQL): reset requests per address
 * (silently: the same answer, no mail) and per client address (429),
 * verification resends per client address, email changes per user; and `Cache-Control:
 * no-store` on every answer carrying a token or a session list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, sessionRoutes } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { DEMO_PASSWORD, demoSeeder } from '@/db/demoSeed';
import * as schema from '@/db/schema';
import { clearSentMails, sentMails } from '../mailer';
import { withRule } from '../rateLimit/testing/withRule';
import { createAuthRoutes } from './authRoutes';

const authRoutes = createAuthRoutes();
const ORIGIN = 'http://localhost';

beforeAll(() => demoSeeder.run());
afterEach(async () => {
  await db().delete(schema.rateLimits);
  clearSentMails();
});
afterAll(closeDb);

/** A POST as a browser on this site sends it, from client address `ip` (as the server resolved it). */
function post(path: string, body: unknown, init: { ip?: string; cookie?: string } = {}) {
  return authRoutes.POST(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'x-forwarded-for': init.ip ?? '198.51.100.20',
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
}

const askReset = (email: string, ip?: string) =>
  post('/request-password-reset', { email, redirectTo: '/reset-password' }, { ip });

describe('password-reset requests', () => {
  it('per address: over the limit, the same answer as ever and no mail, whether the account exists or not', async () => {
    const first = await askReset('alice@example.com', '198.51.100.21');
    expect(first.status).toBe(200);
    const usual = await first.json();
    for (let i = 0; i < 2; i++) expect((await askReset('alice@example.com', `198.51.100.${22 + i}`)).status).toBe(200);
    expect(sentMails().filter((mail) => mail.to === 'alice@example.com')).toHaveLength(3);

    // From yet another address, spelled otherwise: still the same account's limit.
    const over = await askReset(' Alice@Example.com', '198.51.100.30');
    expect(over.status).toBe(200);
    expect(await over.json()).toEqual(usual);
    expect(sentMails().filter((mail) => mail.to === 'alice@example.com')).toHaveLength(3);

    // An address without an account answers the same, limited or not.
    for (let i = 0; i < 4; i++) {
      const unknown = await askReset('nobody@example.com', `198.51.100.${40 + i}`);
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual(usual);
    }
    // Another account has its own count.
    expect((await askReset('bob@example.com', '198.51.100.50')).status).toBe(200);
    expect(sentMails().map((mail) => mail.to)).toContain('bob@example.com');
  });

  it('per client address: 429 with Retry-After once over, never revealing which address was asked for', async () => {
    await withRule('authMailIp', { points: 4, durationSeconds: 900 }, async () => {
      const ip = '203.0.113.60';
      for (const email of ['a1@example.com', 'a2@example.com', 'alice@example.com', 'a3@example.com']) {
        expect((await askReset(email, ip)).status).toBe(200);
      }
      const refused = await askReset('bob@example.com', ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
      expect((await refused.json()).error.code).toBe('TOO_MANY_REQUESTS');
      expect(sentMails().map((mail) => mail.to)).not.toContain('bob@example.com');
      expect((await askReset('bob@example.com', '203.0.113.61')).status).toBe(200);
    });
  });
});

describe('verification mails', () => {
  // Per address, where they are sent (sign-up, sign-in and resends alike): emailVerification.test.ts.
  it('resends per client address: 429 once over, with the usual answer before', async () => {
    await withRule('authMailIp', { points: 5, durationSeconds: 900 }, async () => {
      const resend = (ip: string) => post('/send-verification-email', { email: 'carol@example.com' }, { ip });
      for (let i = 0; i < 5; i++) {
        const answer = await resend('203.0.113.72');
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ status: true });
      }
      expect((await resend('203.0.113.72')).status).toBe(429);
      expect((await resend('203.0.113.73')).status).toBe(200);
    });
  });
});

describe('email changes', () => {
  it('per signed-in user: 429 once over; without a session, better-auth answers 401 and nothing is counted', async () => {
    await withRule('changeEmail', { points: 2, durationSeconds: 3600 }, async () => {
      const signedIn = await post('/sign-in/email', { email: 'carol@example.com', password: DEMO_PASSWORD });
      expect(signedIn.status).toBe(200);
      const cookie = cookieFrom(signedIn);
      const change = (newEmail: string, ip: string) => post('/change-email', { newEmail }, { cookie, ip });
      expect((await change('carol2@example.com', '203.0.113.80')).status).not.toBe(429);
      expect((await change('carol3@example.com', '203.0.113.81')).status).not.toBe(429);
      const refused = await change('carol4@example.com', '203.0.113.82');
      expect(refused.status).toBe(429);
      expect((await post('/change-email', { newEmail: 'x@example.com' })).status).toBe(401);
    });
  });
});

describe('Cache-Control: no-store', () => {
  it('on sign-in, get-session, list-sessions and /api/session answers, errors included', async () => {
    const signedIn = await post('/sign-in/email', { email: 'alice@example.com', password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const cookie = cookieFrom(signedIn);
    for (const path of ['/get-session', '/list-sessions']) {
      const response = await authRoutes.GET(new Request(`${ORIGIN}/api/auth${path}`, { headers: { cookie } }));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const refused = await post('/sign-in/email', { email: 'alice@example.com', password: 'wrong password' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const session = await sessionRoutes.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }));
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('no-store');
  });
});
