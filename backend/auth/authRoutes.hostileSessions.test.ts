/**
 * Hostile requests against the sessions of /api/auth/* and /api/session:
 * cross-site requests, redirect targets, tampered cookies, reset tokens,
 * wrong methods and the dev sign-in.
 *
 * Through the real handlers and this file's PostgreSQL. Every wrong request
 * must get a 4xx in the API's error format (`{error: {code, message}}`), never
 * a 500, a stack trace, SQL or a secret, must set no session cookie, and must
 * leave the accounts, sessions and reset tokens as they were (the checks are
 * in testing/hostileAuthRequests.ts).
 *
 * Decided here: redirect targets (`redirectTo`, `callbackURL`) stay on this
 * site. better-auth skips its own Origin and redirect checks when
 * NODE_ENV=test, so what passes here rests on the app's rules in
 * authRoutes.ts, which hold in every environment.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { DEMO_PASSWORD, demoSeeder } from '@/db/demoSeed';
import { sessions, users, verifications } from '@/db/schema';
import { clearSentMails, sentMails } from '../mailer';
import { signSessionToken } from './sessionCookie';
import {
  accountState,
  authCall,
  DEEP,
  expectRefused,
  JSON_TYPE,
  me,
  ORIGIN,
  oversizeBody,
  post,
  sessionRoutes,
  signInCookie,
  signInStatus,
  signUp,
  tokenOf,
  uniqueEmail,
  userByEmail,
} from './testing/hostileAuthRequests';

beforeAll(() => demoSeeder.run());
afterAll(closeDb);

describe('cross-site requests', () => {
  const crossSite: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost.evil.example' }],
    ['an opaque (null) Origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site and our Origin', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }],
  ];

  it.each(crossSite)('sign-in with %s is 403 and sets no cookie', async (label, headers) => {
    const base: Record<string, string> = label.includes('Origin') ? {} : { origin: '' };
    const response = await post(
      '/sign-in/email',
      { email: 'bob@example.com', password: DEMO_PASSWORD },
      {
        headers: { ...base, ...headers },
      },
    );
    await expectRefused(response, 403, label);
  });

  it.each(crossSite)('sign-up with %s is 403 and creates nobody', async (label, headers) => {
    const email = uniqueEmail('cross');
    const base: Record<string, string> = label.includes('Origin') ? {} : { origin: '' };
    const response = await post(
      '/sign-up/email',
      { name: 'X', email, password: 'long enough' },
      {
        headers: { ...base, ...headers },
      },
    );
    await expectRefused(response, 403, label);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it.each(crossSite)('sign-out with %s is 403 and the session lives on', async (label, headers) => {
    const cookie = await signInCookie('bob@example.com', DEMO_PASSWORD);
    const base: Record<string, string> = label.includes('Origin') ? {} : { origin: '' };
    const response = await post('/sign-out', {}, { cookie, headers: { ...base, ...headers } });
    await expectRefused(response, 403, label);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await me(cookie)).status).toBe(200);
  });

  it('a reset link may not redirect to another site', async () => {
    clearSentMails();
    for (const redirectTo of ['https://evil.example/steal', '/\t/evil.example/steal', '/\n/evil.example/steal']) {
      const response = await post('/request-password-reset', { email: 'bob@example.com', redirectTo });
      await expectRefused(response, 403, JSON.stringify(redirectTo));
    }
    expect(sentMails()).toEqual([]);
  });

  it('a verification link whose callbackURL is another site is 403, not a 500', async () => {
    const response = await authCall(`/verify-email?token=x&callbackURL=${encodeURIComponent('/\t/evil.example')}`, {
      method: 'GET',
    });
    await expectRefused(response, 403, 'callbackURL');
  });
});

describe('reset links', () => {
  it('a reset link whose callbackURL is another site is 403 and does not hand the token over', async () => {
    await signUp('Link', 'link@example.com', 'first password');
    clearSentMails();
    expect(
      (await post('/request-password-reset', { email: 'link@example.com', redirectTo: '/reset-password' })).status,
    ).toBe(200);
    const link = new URL(/https?:\/\/\S+/.exec(sentMails()[0]?.text ?? '')?.[0] as string);
    const token = link.pathname.split('/').pop() as string;
    for (const target of [
      'https://evil.example/steal',
      '//evil.example/steal',
      '/\\evil.example',
      'javascript:alert(1)',
      // URL parsers drop tabs and line breaks, so these are //evil.example to a browser (and to better-auth's
      // redirect), yet they start with a single slash.
      '/\t/evil.example/steal',
      '/\n/evil.example/steal',
      '/\r\n/evil.example/steal',
    ]) {
      const response = await authCall(`/reset-password/${token}?callbackURL=${encodeURIComponent(target)}`, {
        method: 'GET',
      });
      expect(response.headers.get('location') ?? '', target).not.toContain(token);
      await expectRefused(response, 403, target);
    }
    const own = await authCall(`/reset-password/${token}?callbackURL=%2Freset-password`, { method: 'GET' });
    expect(own.status).toBe(302);
    expect(own.headers.get('location')).toBe(`${ORIGIN}/reset-password?token=${token}`);
  });
});

describe('session cookie tampering', () => {
  function flip(cookie: string): string {
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const dot = value.lastIndexOf('.');
    const signature = value.slice(dot + 1);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    return `app_session=${encodeURIComponent(`${value.slice(0, dot)}.${flipped}`)}`;
  }

  /** Every way the cookie is read answers as anonymous, and nothing answers 500. */
  async function expectAnonymous(cookie: string, label: string): Promise<void> {
    await expectRefused(await me(cookie), 401, `${label}: GET /api/session`);
    const rest = await api('GET', '/teams', { cookie });
    expect(rest.status, `${label}: GET /api/teams`).toBe(401);
    await expectRefused(await authCall('/list-sessions', { method: 'GET', cookie }), 401, `${label}: list-sessions`);
    await expectRefused(
      await post('/change-password', { currentPassword: DEMO_PASSWORD, newPassword: 'taken over!' }, { cookie }),
      401,
      `${label}: change-password`,
    );
    await expectRefused(await post('/update-user', { name: 'Pwned' }, { cookie }), 401, `${label}: update-user`);
    await expectRefused(await post('/revoke-sessions', {}, { cookie }), 401, `${label}: revoke-sessions`);
    // better-auth's get-session answers 200 `null` to anyone signed out (its client relies on it).
    const session = await authCall('/get-session', { method: 'GET', cookie });
    expect(session.status, `${label}: get-session`).toBe(200);
    expect(await session.json(), `${label}: get-session`).toBeNull();
  }

  it('a flipped signature, another session token under a valid signature, or no signature is 401; nothing changes', async () => {
    const bob = await signInCookie('bob@example.com', DEMO_PASSWORD);
    const alice = await signInCookie('alice@example.com', DEMO_PASSWORD);
    const before = await accountState();
    const bobToken = tokenOf(bob);
    const aliceSignature = decodeURIComponent(alice).slice(decodeURIComponent(alice).lastIndexOf('.') + 1);
    const forged: [string, string][] = [
      ['flipped signature', flip(bob)],
      ["bob's token under alice's signature", `app_session=${encodeURIComponent(`${bobToken}.${aliceSignature}`)}`],
      ['no signature', `app_session=${bobToken}`],
      ['an empty signature', `app_session=${encodeURIComponent(`${bobToken}.`)}`],
      ['a signed unknown token', `app_session=${signSessionToken('x'.repeat(32))}`],
      ['a signature under another secret', `app_session=${encodeURIComponent(`${bobToken}.${'A'.repeat(43)}=`)}`],
      ['bad percent-encoding', `app_session=${bobToken}.%E0%A4%A`],
      ['a NUL in the token', `app_session=${encodeURIComponent(`${bobToken}\u0000.${aliceSignature}`)}`],
      ['a huge value', `app_session=${'x'.repeat(8000)}`],
    ];
    for (const [label, cookie] of forged) await expectAnonymous(cookie, label);
    expect(await accountState()).toEqual(before);
    expect((await me(bob)).status).toBe(200);
  });

  it('a valid cookie of a deleted user is 401 everywhere', async () => {
    const { id, cookie } = await signUp('Gone', 'gone@example.com', 'long enough');
    expect((await me(cookie)).status).toBe(200);
    await db().delete(users).where(eq(users.id, id));
    await expectAnonymous(cookie, 'deleted user');
  });

  it('a cookie of an expired session is 401 everywhere, and get-session does not revive it', async () => {
    const { id } = await signUp('Expired', 'expired@example.com', 'long enough');
    const cookie = await signInCookie('expired@example.com', 'long enough');
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, tokenOf(cookie)));
    await expectAnonymous(cookie, 'expired session');
    const live = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), eq(sessions.token, tokenOf(cookie)), sql`${sessions.expiresAt} > now()`));
    expect(live).toEqual([]);
  });
});

describe('reset-password tokens', () => {
  const FIRST = 'first password';

  async function resetToken(email: string): Promise<string> {
    clearSentMails();
    const response = await post('/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(response.status).toBe(200);
    const link = /https?:\/\/\S+/.exec(sentMails().find((mail) => mail.to === email)?.text ?? '')?.[0];
    return new URL(link as string).pathname.split('/').pop() as string;
  }

  it('a token made for another purpose is 400 and changes nothing', async () => {
    const { id, cookie } = await signUp('Purpose', 'purpose@example.com', FIRST);
    const other = 'other-purpose-token-0123456789';
    await db()
      .insert(verifications)
      .values([
        { identifier: `delete-account-${other}`, value: String(id), expiresAt: new Date(Date.now() + 3_600_000) },
        { identifier: `email-verification:${other}`, value: String(id), expiresAt: new Date(Date.now() + 3_600_000) },
        { identifier: other, value: String(id), expiresAt: new Date(Date.now() + 3_600_000) },
      ]);
    const before = await accountState();
    for (const token of [other, tokenOf(cookie), `reset-password:${other}`, `../${other}`, `${other}%00`]) {
      await expectRefused(await post('/reset-password', { token, newPassword: 'hijacked pw' }), 400, token);
      await expectRefused(
        await post(`/reset-password?token=${encodeURIComponent(token)}`, { newPassword: 'hijacked pw' }),
        400,
        `?token=${token}`,
      );
    }
    expect(await accountState()).toEqual(before);
    expect(await signInStatus('purpose@example.com', FIRST)).toBe(200);
    expect((await me(cookie)).status).toBe(200);
  });

  it('an expired token is 400 and changes nothing', async () => {
    const { cookie } = await signUp('Late', 'late@example.com', FIRST);
    const token = await resetToken('late@example.com');
    await db()
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const before = await accountState();
    await expectRefused(await post('/reset-password', { token, newPassword: 'too late now' }), 400, 'expired');
    const after = await accountState();
    // better-auth may delete the dead token; nothing else moves.
    expect({ ...after, verifications: [] }).toEqual({ ...before, verifications: [] });
    expect(await signInStatus('late@example.com', FIRST)).toBe(200);
    expect((await me(cookie)).status).toBe(200);
  });

  it('a used token is 400 the second time, and the first reset stands', async () => {
    await signUp('Twice', 'twice@example.com', FIRST);
    const token = await resetToken('twice@example.com');
    expect((await post('/reset-password', { token, newPassword: 'second password' })).status).toBe(200);
    const before = await accountState();
    await expectRefused(await post('/reset-password', { token, newPassword: 'third password' }), 400, 'reused');
    expect(await accountState()).toEqual(before);
    expect(await signInStatus('twice@example.com', 'second password')).toBe(200);
    expect(await signInStatus('twice@example.com', 'third password')).toBe(401);
  });

  it("a token works only for its own user: another user's password is untouched", async () => {
    await signUp('Owner', 'token-owner@example.com', FIRST);
    const token = await resetToken('token-owner@example.com');
    const body = { token, newPassword: 'owner resets', email: 'bob@example.com', userId: 1 };
    expect((await post('/reset-password', body)).status).toBe(200);
    expect(await signInStatus('bob@example.com', DEMO_PASSWORD)).toBe(200);
    expect(await signInStatus('token-owner@example.com', 'owner resets')).toBe(200);
  });
});

describe('wrong methods', () => {
  it.each([
    ['GET', '/sign-in/email'],
    ['GET', '/sign-up/email'],
    ['GET', '/sign-out'],
    ['GET', '/change-password'],
    ['GET', '/reset-password'],
    ['GET', '/request-password-reset'],
    ['GET', '/revoke-sessions'],
    ['GET', '/update-user'],
    ['POST', '/list-sessions'],
    ['POST', '/reset-password/some-token'],
    ['GET', '/no-such-endpoint'],
    ['POST', '/no-such-endpoint'],
    ['GET', '/'],
    ['POST', ''],
  ])('%s /api/auth%s is a 404 or 405 in the API format', async (method, path) => {
    const response = await authCall(path, { method, body: method === 'POST' ? {} : undefined });
    await expectRefused(response, [404, 405], `${method} ${path}`);
  });
});

describe('POST /api/session (dev sign-in) with hostile bodies', () => {
  function devSignIn(
    body: string | undefined,
    contentType: string | null = JSON_TYPE,
    headers: Record<string, string> = {},
  ) {
    return sessionRoutes.POST(
      new Request(`${ORIGIN}/api/session`, {
        method: 'POST',
        headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
        body,
      }),
    );
  }

  it.each([
    ['10,000-deep JSON', DEEP, 400],
    ['deep JSON in the email', `{"email":${DEEP}}`, 400],
    ['malformed JSON', '{"email":', 400],
    ['a number', '{"email":42}', 400],
    ['an array', '{"email":["alice@example.com"]}', 400],
    ['an object', '{"email":{"$ne":null}}', 400],
    ['null', '{"email":null}', 400],
    ['a JSON array body', '["alice@example.com"]', 400],
    ['a NUL', '{"email":"alice@example.com\\u0000"}', 400],
    ['a look-alike', '{"email":"\\u0430lice@example.com"}', [400, 401]],
    ['an oversize body', oversizeBody(), 413],
  ] as const)('%s is refused with no cookie', async (label, body, status) => {
    await expectRefused(await devSignIn(body), [status].flat(), label);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['an HTML form', 'application/x-www-form-urlencoded'],
    ['no type', null],
  ])('a body sent as %s is 415', async (label, contentType) => {
    await expectRefused(await devSignIn('{"email":"alice@example.com"}', contentType), 415, label);
  });

  it('a cross-site sign-in is 403', async () => {
    const response = await devSignIn('{"email":"alice@example.com"}', JSON_TYPE, { 'sec-fetch-site': 'cross-site' });
    await expectRefused(response, 403, 'cross-site');
  });
});
