/**
 * Accounts and sessions end to end through the real /api/auth handlers
 * (better-auth on this file's PostgreSQL): sign up, password sign-in, sign
 * out and the replayed cookie, sign out everywhere, change and reset
 * password, the failed sign-in limit, and the API's error format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieFrom, sessionRoutes } from '@/controllers/testClient';
import { closeDb } from '@/db/database';
import { DEMO_PASSWORD, demoSeeder } from '@/db/demoSeed';
import { Team } from '@/db/models';
import { captureLog } from '@/server/testing';
import { clearSentMails, sentMails } from '../mailer';
import { withRule } from '../rateLimit/testing/withRule';
import { createAuthRoutes } from './authRoutes';
import { inApiErrorFormat } from './inApiErrorFormat';

const authRoutes = createAuthRoutes();
const ORIGIN = 'http://localhost';

beforeAll(() => demoSeeder.run());
afterAll(closeDb);

/** A POST to /api/auth/<path> as a browser on this site sends it. */
function post(
  path: string,
  body: unknown,
  init: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return authRoutes.POST(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'x-forwarded-for': init.ip ?? '198.51.100.1',
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...init.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

function me(cookie: string) {
  return sessionRoutes.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }));
}

async function signInWithPassword(email: string, password: string, ip?: string): Promise<string> {
  const response = await post('/sign-in/email', { email, password }, { ip });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieFrom(response);
}

async function trpcMembers(cookie: string, teamId: number): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ teamId }));
  return (await api('GET', `/trpc/teams.members.index?input=${input}`, { cookie })).status;
}

describe('sign up', () => {
  it('creates the user and signs them in with an app_session cookie (HttpOnly, SameSite=Lax)', async () => {
    const response = await post('/sign-up/email', {
      name: 'Dana',
      email: 'Dana@Example.com',
      password: 'correct horse',
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^app_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const body = await (await me(cookieFrom(response))).json();
    expect(body).toEqual({ user: { id: expect.any(Number), email: 'dana@example.com', name: 'Dana' }, teams: [] });
  });

  it('marks the cookie Secure behind a TLS-terminating proxy', async () => {
    const response = await post(
      '/sign-up/email',
      { name: 'Erin', email: 'erin@example.com', password: 'correct horse' },
      { headers: { 'x-forwarded-proto': 'https', origin: 'https://localhost' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('refuses a taken email, a short password and a missing name, in the API error format', async () => {
    const taken = await post('/sign-up/email', { name: 'A', email: 'ALICE@example.com', password: 'whatever123' });
    expect(taken.status).toBe(422);
    // Each refusal about one field names it, so the form shows it beside that field.
    expect(await taken.json()).toEqual({
      error: {
        code: 'UNPROCESSABLE_ENTITY',
        message: expect.any(String),
        fields: { email: ['already has an account'] },
      },
    });
    const short = await post('/sign-up/email', { name: 'F', email: 'f@example.com', password: 'short' });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { password: ['is too short (minimum is 8 characters)'] },
    });
    const nameless = await post('/sign-up/email', { email: 'g@example.com', password: 'long enough' });
    expect(nameless.status).toBe(400);
  });

  it('answers malformed and 10,000-deep JSON with a 400, never a 500', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const body of ['{"email":', deep, `{"email":${deep}}`]) {
      const response = await post('/sign-in/email', body);
      expect(response.status, body.slice(0, 20)).toBe(400);
      expect((await response.json()).error.code).toBe('BAD_REQUEST');
    }
  });
});

describe('sign in with a password', () => {
  it('signs a seeded user in with the documented development password; the session reaches REST and tRPC', async () => {
    const cookie = await signInWithPassword('alice@example.com', DEMO_PASSWORD);
    const acme = (await Team.findBy({ name: 'Acme' })) as Team;
    expect((await api('GET', `/teams/${acme.id}/members`, { cookie })).status).toBe(200);
    expect(await trpcMembers(cookie, acme.id)).toBe(200);
  });

  it('refuses a wrong password with a 401 and no cookie', async () => {
    const response = await post(
      '/sign-in/email',
      { email: 'bob@example.com', password: 'not-it-at-all' },
      { ip: '198.51.100.9' },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await response.json()).error).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

describe('sign out', () => {
  it('ends the session on the server: the replayed cookie is 401 on REST, tRPC and /api/session', async () => {
    const cookie = await signInWithPassword('alice@example.com', DEMO_PASSWORD);
    const acme = (await Team.findBy({ name: 'Acme' })) as Team;
    const out = await post('/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^app_session=;/);
    expect((await me(cookie)).status).toBe(401);
    expect((await api('GET', `/teams/${acme.id}/members`, { cookie })).status).toBe(401);
    expect(await trpcMembers(cookie, acme.id)).toBe(401);
  });

  it('signs out everywhere: every session of the user ends', async () => {
    const laptop = await signInWithPassword('bob@example.com', DEMO_PASSWORD);
    const phone = await signInWithPassword('bob@example.com', DEMO_PASSWORD);
    const other = await signInWithPassword('alice@example.com', DEMO_PASSWORD);
    expect((await post('/revoke-sessions', {}, { cookie: laptop })).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });
});

describe('passwords', () => {
  it('changes the password: the old one stops working, other sessions end', async () => {
    await post('/sign-up/email', { name: 'Hal', email: 'hal@example.com', password: 'first password' });
    const kept = await signInWithPassword('hal@example.com', 'first password');
    const other = await signInWithPassword('hal@example.com', 'first password');
    // Refusals about one field name it, for the form to show beside that field.
    const wrong = await post(
      '/change-password',
      { currentPassword: 'not it', newPassword: 'x second' },
      { cookie: kept },
    );
    expect(await wrong.json()).toMatchObject({ error: { fields: { currentPassword: ['is incorrect'] } } });
    const short = await post(
      '/change-password',
      { currentPassword: 'first password', newPassword: 'x' },
      { cookie: kept },
    );
    expect((await short.json()).error.fields).toEqual({ newPassword: ['is too short (minimum is 8 characters)'] });
    const changed = await post(
      '/change-password',
      { currentPassword: 'first password', newPassword: 'second password', revokeOtherSessions: true },
      { cookie: kept },
    );
    expect(changed.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await post('/sign-in/email', { email: 'hal@example.com', password: 'first password' })).status).toBe(401);
    await signInWithPassword('hal@example.com', 'second password');
  });

  it('resets a forgotten password through the mailer: the link works once and ends every session', async () => {
    await post('/sign-up/email', { name: 'Ivy', email: 'ivy@example.com', password: 'forgotten one' });
    const before = await signInWithPassword('ivy@example.com', 'forgotten one');
    clearSentMails();
    const asked = await post('/request-password-reset', { email: 'ivy@example.com', redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    const mail = sentMails().find((sent) => sent.to === 'ivy@example.com');
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toContain('/api/auth/reset-password/');
    const token = new URL(link as string).pathname.split('/').pop() as string;

    const reset = await post('/reset-password', { token, newPassword: 'remembered now' });
    expect(reset.status).toBe(200);
    expect((await me(before)).status).toBe(401);
    await signInWithPassword('ivy@example.com', 'remembered now');
    const again = await post('/reset-password', { token, newPassword: 'again and again' });
    expect(again.status).toBe(400);
    // Said in words the reset page can show, not better-auth's bare "Invalid token".
    expect((await again.json()).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'This link is invalid or has expired.',
    });
  });

  it('mails a reset link on the origin the browser addressed (next start hears localhost)', async () => {
    clearSentMails();
    const asked = await post(
      '/request-password-reset',
      { email: 'alice@example.com', redirectTo: '/reset-password' },
      { headers: { host: 'app.example.com', origin: 'http://app.example.com' } },
    );
    expect(asked.status).toBe(200);
    const mail = sentMails().find((sent) => sent.to === 'alice@example.com');
    expect(mail?.text).toMatch(/http:\/\/app\.example\.com\/api\/auth\/reset-password\/\S+/);
  });

  it('answers PUT, PATCH and DELETE with a JSON 405 naming the methods', async () => {
    const response = await authRoutes.DELETE(new Request(`${ORIGIN}/api/auth/sign-out`, { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect((await response.json()).error.code).toBe('METHOD_NOT_SUPPORTED');
  });

  it('answers a reset request for an unknown email like a known one (no account enumeration)', async () => {
    clearSentMails();
    const asked = await post('/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    expect(sentMails()).toEqual([]);
  });
});

describe('failed sign-in limit', () => {
  it('answers 429 with Retry-After after repeated wrong passwords, per (account, IP), and a right one does not slip through', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 60 }, async () => {
      const ip = '203.0.113.77';
      for (let i = 0; i < 3; i++) {
        expect(
          (await post('/sign-in/email', { email: 'carol@example.com', password: `wrong ${i}` }, { ip })).status,
        ).toBe(401);
      }
      const blocked = await post('/sign-in/email', { email: 'carol@example.com', password: DEMO_PASSWORD }, { ip });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await blocked.json()).error.code).toBe('TOO_MANY_REQUESTS');
      // Another address is not locked out of the account.
      await signInWithPassword('carol@example.com', DEMO_PASSWORD, '203.0.113.78');
    });
  });
});

describe('a password reset ends the lockout', () => {
  it('locked out by wrong passwords, the account signs in with its new password right after a reset', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 60 }, async () => {
      const ip = '203.0.113.90';
      await post('/sign-up/email', { name: 'Lou', email: 'lou@example.com', password: 'half remembered' });
      for (let i = 0; i < 3; i++)
        expect(
          (await post('/sign-in/email', { email: 'lou@example.com', password: `guess ${i}` }, { ip })).status,
        ).toBe(401);
      expect((await post('/sign-in/email', { email: 'lou@example.com', password: 'guess 4' }, { ip })).status).toBe(
        429,
      );

      clearSentMails();
      await post('/request-password-reset', { email: 'lou@example.com', redirectTo: '/reset-password' }, { ip });
      const link = /https?:\/\/\S+/.exec(sentMails().find((sent) => sent.to === 'lou@example.com')?.text ?? '')?.[0];
      const token = new URL(link as string).pathname.split('/').pop() as string;
      expect((await post('/reset-password', { token, newPassword: 'fresh and new' }, { ip })).status).toBe(200);
      await signInWithPassword('lou@example.com', 'fresh and new', ip);
    });
  });
});

describe('what the failed sign-in limit counts', () => {
  it('only wrong passwords: malformed sign-ins, the right password among them, are given back', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 60 }, async () => {
      const ip = '203.0.113.79';
      for (let i = 0; i < 5; i++) {
        const body = { email: 'carol@example.com', password: DEMO_PASSWORD, rememberMe: 'yes' };
        expect((await post('/sign-in/email', body, { ip })).status).toBe(400);
      }
      for (let i = 0; i < 2; i++) {
        expect(
          (await post('/sign-in/email', { email: 'carol@example.com', password: `wrong ${i}` }, { ip })).status,
        ).toBe(401);
      }
      await signInWithPassword('carol@example.com', DEMO_PASSWORD, ip);
    });
  });

  it('a password change refused for its new password does not count against the current one', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 60 }, async () => {
      const ip = '203.0.113.94';
      const email = 'short-new-password@example.com';
      const password = 'the right password';
      const signedUp = await post('/sign-up/email', { name: 'Shorty', email, password }, { ip });
      expect(signedUp.status).toBe(200);
      const cookie = cookieFrom(signedUp);
      for (let i = 0; i < 5; i++) {
        const refused = await post(
          '/change-password',
          { currentPassword: password, newPassword: 'short' },
          { cookie, ip },
        );
        expect(refused.status).toBe(400);
        expect((await refused.json()).error.message).toMatch(/too short/i);
      }
      const changed = await post(
        '/change-password',
        { currentPassword: password, newPassword: 'a long new one' },
        { cookie, ip },
      );
      expect(changed.status, await changed.clone().text()).toBe(200);
      await signInWithPassword(email, 'a long new one', ip);
    });
  });
});

describe('password checks of a signed-in user', () => {
  // A stolen session must not become a password oracle: change-password and verify-password compare the
  // current password like sign-in does, so they count against the same per-(account, IP) limit.
  it.each([
    ['/change-password', (password: string) => ({ currentPassword: password, newPassword: 'a new password' })],
    ['/verify-password', (password: string) => ({ password })],
  ])('%s answers 429 after repeated wrong passwords, and the right one does not slip through', async (path, body) => {
    await withRule('signInAccount', { points: 3, durationSeconds: 60 }, async () => {
      const ip = path === '/change-password' ? '203.0.113.91' : '203.0.113.92';
      const email = `oracle${path.replace(/\W/g, '-')}@example.com`;
      const password = 'the right password';
      const signedUp = await post('/sign-up/email', { name: 'Oracle', email, password }, { ip });
      expect(signedUp.status).toBe(200);
      const cookie = cookieFrom(signedUp);
      for (let i = 0; i < 3; i++) {
        const wrong = await post(path, body(`wrong ${i}`), { cookie, ip });
        expect(wrong.status, await wrong.clone().text()).toBe(400);
      }
      const blocked = await post(path, body(password), { cookie, ip });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Sign-in counts on the same limit: the account is blocked from this address there too.
      expect((await post('/sign-in/email', { email, password }, { ip })).status).toBe(429);
      expect((await me(cookie)).status).toBe(200);
      // From another address, the password is unchanged.
      await signInWithPassword(email, password, '203.0.113.93');
    });
  });
});

describe("what better-auth logs about a client's mistakes", () => {
  it('a warning, never an error line: an unknown sign-in provider is a 404 anyone can ask for', async () => {
    const log = captureLog();
    const { lines } = log;
    try {
      expect((await post('/sign-in/social', { provider: 'github' })).status).toBe(404);
    } finally {
      log.stop();
    }
    expect(lines.filter((line) => line.msg.startsWith('[better-auth]')).map((line) => line.level)).toEqual([40]);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('better-auth errors in the API format', () => {
  it('a server error better-auth answered itself is an error line; the body says no more than that', async () => {
    const log = captureLog();
    const { lines } = log;
    try {
      const failed = new Response(JSON.stringify({ code: 'FAILED_TO_CREATE_SESSION', message: 'db at 10.0.0.5' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
      const reshaped = await inApiErrorFormat(failed, '/sign-in/email');
      expect(await reshaped.json()).toEqual({
        error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' },
      });
    } finally {
      log.stop();
    }
    expect(lines).toMatchObject([{ level: 50, status: 500, msg: 'better-auth answered with a server error' }]);
  });

  it('keeps every header of the error, each Set-Cookie included, under the API body', async () => {
    const headers = new Headers({ 'content-type': 'application/json', 'x-better-auth': 'kept' });
    headers.append('set-cookie', 'app_session=; Max-Age=0');
    headers.append('set-cookie', 'app_session_data=; Max-Age=0');
    const reshaped = await inApiErrorFormat(
      new Response(JSON.stringify({ code: 'INVALID_TOKEN', message: 'Invalid token' }), { status: 401, headers }),
    );
    expect(reshaped.status).toBe(401);
    expect(await reshaped.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid token' } });
    expect(reshaped.headers.getSetCookie()).toEqual(['app_session=; Max-Age=0', 'app_session_data=; Max-Age=0']);
    expect(reshaped.headers.get('x-better-auth')).toBe('kept');
  });
});
