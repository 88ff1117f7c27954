/**
 * /api/session through its real handlers, with real cookies (better-auth's
 * database sessions, backend/session.ts).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieFrom, sessionRoutes } from '@/controllers/testClient';
import { closeDb } from '@/db/database';
import { demoSeeder } from '@/db/demoSeed';
import { Membership, Team, User } from '@/db/models';
import { countQueries } from '@/server';
import { SESSION_COOKIE } from './session';
import { createSessionRoutes } from './sessionRoutes';

beforeAll(() => demoSeeder.run());
afterAll(closeDb);

function post(body: string | undefined, init: { headers?: Record<string, string>; url?: string } = {}) {
  return sessionRoutes.POST(
    new Request(init.url ?? 'http://localhost/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body,
    }),
  );
}

function get(cookie?: string) {
  return sessionRoutes.GET(new Request('http://localhost/api/session', { headers: cookie ? { cookie } : {} }));
}

describe('POST /api/session (dev sign-in)', () => {
  it('signs in a seeded user: body {user, teams} and an HttpOnly, SameSite=Lax cookie (not Secure over http)', async () => {
    const response = await post(JSON.stringify({ email: 'alice@example.com' }));
    expect(response.status).toBe(200);
    const acme = await Team.findBy({ name: 'Acme' });
    const body = await response.json();
    expect(body).toEqual({
      user: { id: expect.any(Number), email: 'alice@example.com', name: 'Alice' },
      teams: [{ id: acme?.id, name: 'Acme', role: 'owner' }],
    });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{20,}\\.[A-Za-z0-9%]+;`));
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/; Secure/i);
    // The cookie names a random session token: neither the user id nor the email is in it.
    expect(setCookie).not.toContain('alice');
  });

  it('sets Secure over https, and behind a TLS-terminating proxy', async () => {
    const direct = await post(JSON.stringify({ email: 'bob@example.com' }), { url: 'https://example.com/api/session' });
    expect(direct.headers.get('set-cookie')).toMatch(/; Secure/i);
    const proxied = await post(JSON.stringify({ email: 'bob@example.com' }), {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers.get('set-cookie')).toMatch(/; Secure/i);
  });

  it('matches the email case-insensitively and ignores surrounding spaces', async () => {
    const response = await post(JSON.stringify({ email: '  Carol@Example.COM ' }));
    expect(response.status).toBe(200);
    const upper = await post(JSON.stringify({ email: 'CAROL@EXAMPLE.COM' }));
    expect(upper.status).toBe(200);
    expect((await upper.json()).user.email).toBe('carol@example.com');
  });

  it('answers 401 for an unknown email, without a cookie', async () => {
    const response = await post(JSON.stringify({ email: 'mallory@example.com' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'No user with this email' } });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('answers 400 with fields for a missing or malformed email, and for malformed JSON', async () => {
    const missing = await post(JSON.stringify({}));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Invalid input', fields: { email: ["can't be blank"] } },
    });
    const wrong = await post(JSON.stringify({ email: 'not-an-email' }));
    expect((await wrong.json()).error.fields).toEqual({ email: ['is not a valid email address'] });
    const typed = await post(JSON.stringify({ email: ['alice@example.com'] }));
    expect(typed.status).toBe(400);
    expect((await typed.json()).error.fields).toEqual({ email: ['must be a string'] });
    const long = await post(JSON.stringify({ email: `${'a'.repeat(290)}@example.com` }));
    expect((await long.json()).error.fields).toEqual({ email: ['is too long (maximum is 255 characters)'] });
    const array = await post(JSON.stringify(['alice@example.com']));
    expect(array.status).toBe(400);
    const malformed = await post('{"email": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON body' } });
    const nul = await post(JSON.stringify({ email: 'alice@example.com\u0000' }));
    expect(nul.status).toBe(400);
  });

  it('refuses a non-JSON body (415) and a cross-site request (403)', async () => {
    const form = await post('email=alice%40example.com', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const crossSite = await post(JSON.stringify({ email: 'alice@example.com' }), {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
  });

  it('is refused (403, JSON) when dev sign-in is disabled; GET keeps working', async () => {
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'alice@example.com' })));
    const production = createSessionRoutes({ enabled: false, loopbackOnly: false, loopbackHostOnly: false });
    const response = await production.POST(
      new Request('http://localhost/api/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'alice@example.com' }),
      }),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
    expect(response.headers.get('set-cookie')).toBeNull();
    const me = await production.GET(new Request('http://localhost/api/session', { headers: { cookie } }));
    expect(me.status).toBe(200);
  });
});

describe('GET /api/session', () => {
  it('returns the user and their teams with roles', async () => {
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'bob@example.com' })));
    const response = await get(cookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ email: 'bob@example.com', name: 'Bob' });
    expect(body.teams).toEqual([{ id: expect.any(Number), name: 'Acme', role: 'member' }]);
  });

  it('reads the live session, the user and their teams in one statement', async () => {
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'alice@example.com' })));
    const { result, count } = await countQueries(() => get(cookie));
    expect(result.status).toBe(200);
    expect(count).toBe(1);
  });

  it('answers 401 without a cookie, with a tampered one, one signed with another secret, or junk', async () => {
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'alice@example.com' })));
    const [name, value = ''] = cookie.split('=');
    const middle = Math.floor(value.length / 2);
    const flipped = `${value.slice(0, middle)}${value[middle] === 'A' ? 'B' : 'A'}${value.slice(middle + 1)}`;
    // The real token, signed with another secret.
    const token = decodeURIComponent(value).split('.')[0] ?? '';
    const forged = encodeURIComponent(
      `${token}.${createHmac('sha256', 'x'.repeat(64)).update(token).digest('base64')}`,
    );
    for (const bad of [
      undefined,
      `${name}=${flipped}`,
      `${name}=${forged}`,
      `${name}=junk`,
      `${name}=${encodeURIComponent(token)}`,
      `${name}=%E0%A4%A`,
      `${name}=${value.slice(0, -10)}`,
    ]) {
      const response = await get(bad);
      expect(response.status, bad).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });
    }
  });

  it('answers 401 once the user no longer exists', async () => {
    const ghost = await User.create({ email: 'ghost@example.com', name: 'Ghost' });
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'ghost@example.com' })));
    expect((await get(cookie)).status).toBe(200);
    await ghost.destroy();
    expect((await get(cookie)).status).toBe(401);
  });

  it('reflects membership changes at once (the cookie names a session, the rest is read per request)', async () => {
    const dave = await User.create({ email: 'dave@example.com', name: 'Dave' });
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'dave@example.com' })));
    expect((await (await get(cookie)).json()).teams).toEqual([]);
    const acme = (await Team.findBy({ name: 'Acme' })) as Team;
    await Membership.create({ teamId: acme.id, userId: dave.id, role: 'member' });
    expect((await (await get(cookie)).json()).teams).toEqual([{ id: acme.id, name: 'Acme', role: 'member' }]);
  });
});

describe('POST /api/session in production (AUTH_DEV_LOGIN=true: loopback clients only)', () => {
  const production = createSessionRoutes({ enabled: true, loopbackOnly: true, loopbackHostOnly: false });
  /** A request as the server leaves it: X-Forwarded-For holds the address it resolved from the socket. */
  const signIn = (clientAddress: string, headers: Record<string, string> = {}) =>
    production.POST(
      new Request('http://localhost:3000/api/session', {
        method: 'POST',
        headers: { 'x-forwarded-for': clientAddress, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'alice@example.com' }),
      }),
    );

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('signs in a client at %s', async (address) => {
    const response = await signIn(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['203.0.113.7', '10.0.0.5', '::2', 'localhost'])(
    'refuses a client at %s, whatever Host it names',
    async (address) => {
      const response = await signIn(address, { host: 'localhost:3000' });
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect((await response.json()).error).toEqual({
        code: 'FORBIDDEN',
        message: 'Dev sign-in answers only clients on this machine (loopback) in production',
      });
    },
  );
});

describe('POST /api/session without APP_URL (development): loopback host names only', () => {
  const development = createSessionRoutes({ enabled: true, loopbackOnly: false, loopbackHostOnly: true });
  /** A browser's request to `host`, from a page of the same origin. */
  const signIn = (host: string) =>
    development.POST(
      new Request(`http://${host}/api/session`, {
        method: 'POST',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'alice@example.com' }),
      }),
    );

  it.each(['localhost:3000', 'app.localhost:3000', '127.0.0.1:3000', '[::1]:3000'])('signs in at %s', async (host) => {
    expect((await signIn(host)).status).toBe(200);
  });

  it.each(['rebind.attacker.example:3000', '192.168.1.20:3000', 'localhost.attacker.example:3000'])(
    'refuses %s: a DNS-rebinding page names its own host, Origin included',
    async (host) => {
      const response = await signIn(host);
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect((await response.json()).error.message).toMatch(/only localhost unless APP_URL/);
    },
  );
});

describe('DELETE /api/session', () => {
  it('clears the cookie', async () => {
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'alice@example.com' })));
    const response = await sessionRoutes.DELETE(
      new Request('http://localhost/api/session', { method: 'DELETE', headers: { cookie } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const cleared = response.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/Max-Age=0/i);
    // The browser now sends no cookie: signed out.
    expect((await get(cookieFrom(response) || undefined)).status).toBe(401);
    // And a copy of the old cookie is worthless: the session is gone from the database.
    expect((await get(cookie)).status).toBe(401);
    const acme = (await Team.findBy({ name: 'Acme' })) as Team;
    expect((await api('GET', `/teams/${acme.id}/members`, { cookie })).status).toBe(401);
  });

  it('gives each sign-in a fresh session: signing one out leaves the other', async () => {
    const first = cookieFrom(await post(JSON.stringify({ email: 'alice@example.com' })));
    const second = cookieFrom(await post(JSON.stringify({ email: 'alice@example.com' })));
    expect(first).not.toBe(second);
    await sessionRoutes.DELETE(
      new Request('http://localhost/api/session', { method: 'DELETE', headers: { cookie: first } }),
    );
    expect((await get(first)).status).toBe(401);
    expect((await get(second)).status).toBe(200);
  });

  it('refuses a cross-site sign-out', async () => {
    const response = await sessionRoutes.DELETE(
      new Request('http://localhost/api/session', { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } }),
    );
    expect(response.status).toBe(403);
  });
});

describe('other methods', () => {
  it.each(['PUT', 'PATCH'] as const)('%s answers a JSON 405 with Allow', async (method) => {
    const response = await sessionRoutes[method](new Request('http://localhost/api/session', { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE, HEAD, OPTIONS');
    expect((await response.json()).error.code).toBe('METHOD_NOT_SUPPORTED');
  });
});

describe('the session cookie on the API', () => {
  it('authenticates API requests; without it they are 401', async () => {
    const cookie = cookieFrom(await post(JSON.stringify({ email: 'alice@example.com' })));
    const acme = (await Team.findBy({ name: 'Acme' })) as Team;
    expect((await api('GET', `/teams/${acme.id}/members`, { cookie })).status).toBe(200);
    expect((await api('GET', `/teams/${acme.id}/members`)).status).toBe(401);
  });
});
