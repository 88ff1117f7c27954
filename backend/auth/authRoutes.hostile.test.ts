/**
 * Hostile input against /api/auth/* (better-auth behind backend/auth/authRoutes.ts)
 * and the dev sign-in /api/session, through the real handlers and this file's
 * PostgreSQL. Every wrong request must get a 4xx in the API's error format
 * (`{error: {code, message}}`), never a 500, a stack trace, SQL or a secret,
 * must set no session cookie, and must leave the accounts, sessions and
 * reset tokens as they were.
 *
 * Decisions these tests pin down:
 * - an email is trimmed and lower-cased, nothing more: `Alice@Example.com `
 *   is alice; look-alikes (Cyrillic `а`, fullwidth letters, a zero-width space,
 *   Turkish `İ`) are other strings, which never reach alice's account, and
 *   since better-auth's email check is ASCII-only they cannot even sign up
 *   (no look-alike "alice" in a member list);
 * - a name is display text, stored exactly as given (bidi controls and
 *   zero-width characters included: pages render it as text); U+0000, which
 *   PostgreSQL cannot store, and more than its column's 100 characters are 400;
 * - `image` is an http(s) URL or refused (a `javascript:` URL would run where
 *   a page links it); `emailVerified`, `id`, `role`, `createdAt` are dropped;
 * - redirect targets (`redirectTo`, `callbackURL`) stay on this site.
 *
 * better-auth skips its own Origin and redirect checks when NODE_ENV=test, so
 * what passes here rests on the app's rules in authRoutes.ts, which hold in
 * every environment.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, cookieFrom, sessionRoutes } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { DEMO_PASSWORD, demoSeeder } from '@/db/demoSeed';
import { accounts, memberships, sessions, users, verifications } from '@/db/schema';
import { env } from '@/env';
import { MiB, STATUS_BY_CODE } from '@/server';
import { clearSentMails, sentMails } from '../mailer';
import { auth } from './auth';
import { createAuthRoutes } from './authRoutes';
import { authSecret } from './authSecret';
import { signSessionToken } from './sessionCookie';

const authRoutes = createAuthRoutes();
const ORIGIN = 'http://localhost';
const JSON_TYPE = 'application/json';

beforeAll(() => demoSeeder.run());
afterAll(closeDb);

// Every request comes from an address of its own, so the sign-up and failed
// sign-in limits (tested elsewhere) never answer 429 here.
let ipCounter = 0;
function nextIp(): string {
  ipCounter++;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

interface Init {
  method?: string;
  /** A string or bytes are sent as is; anything else is JSON-encoded; `null` sends no body. */
  body?: unknown;
  /** `null` sends no Content-Type. */
  contentType?: string | null;
  cookie?: string;
  headers?: Record<string, string>;
}

/** A request to /api/auth<path> as a browser on this site sends it (same Origin). */
function authCall(path: string, init: Init = {}): Promise<Response> {
  const method = init.method ?? 'POST';
  const body =
    init.body === undefined || init.body === null
      ? undefined
      : typeof init.body === 'string' || init.body instanceof Uint8Array
        ? init.body
        : JSON.stringify(init.body);
  const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': nextIp() };
  const contentType = init.contentType === undefined ? (body === undefined ? null : JSON_TYPE) : init.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  if (init.cookie) headers.cookie = init.cookie;
  Object.assign(headers, init.headers);
  // An empty value removes the header (e.g. `origin: ''`: a request without Origin).
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  const request = new Request(`${ORIGIN}/api/auth${path}`, { method, headers, body: body as BodyInit | undefined });
  return method === 'GET' || method === 'HEAD' ? authRoutes.GET(request) : authRoutes.POST(request);
}

const post = (path: string, body: unknown, init: Omit<Init, 'body'> = {}) => authCall(path, { ...init, body });

function me(cookie: string): Promise<Response> {
  return sessionRoutes.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }));
}

/** Text that must never reach a client: stack frames, driver and SQL text, secrets. */
function leaks(text: string): string[] {
  const found: string[] = [];
  const secrets = [authSecret(), env.SESSION_SECRET].filter((s): s is string => Boolean(s));
  for (const secret of secrets) if (text.includes(secret)) found.push('a secret');
  for (const pattern of [
    /\bat .+:\d+:\d+/, // stack frame
    /node_modules|\.m?[jt]s:\d+/,
    /postgres|drizzle|invalid byte sequence|violates|syntax error|relation "|value too long/i,
    /\bselect\b.+\bfrom\b|\binsert into\b/i,
    /\$2[aby]\$|scrypt|[0-9a-f]{32}:[0-9a-f]{64}/i, // password hashes
  ]) {
    if (pattern.test(text)) found.push(String(pattern));
  }
  return found;
}

/** A refused request: one of `statuses`, the API's error body, nothing leaked, no session cookie. */
async function expectRefused(response: Response, statuses: number | number[], label: string): Promise<void> {
  const text = await response.text();
  const allowed = [statuses].flat();
  expect(allowed, `${label}: answered ${response.status} ${text.slice(0, 300)}`).toContain(response.status);
  expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error?: Record<string, unknown> };
  expect(body, label).toEqual({
    error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
  });
  const extra = Object.keys(body.error ?? {}).filter((key) => key !== 'code' && key !== 'message' && key !== 'fields');
  expect(extra, label).toEqual([]);
  expect(STATUS_BY_CODE[body.error?.code as keyof typeof STATUS_BY_CODE], `${label}: code`).toBe(response.status);
  expect(leaks(text), label).toEqual([]);
  expect(response.headers.get('set-cookie') ?? '', `${label}: set-cookie`).not.toMatch(/app_session=[^;]/);
}

/** Everything a hostile request could damage, in a comparable form. */
async function accountState() {
  const database = db();
  return {
    users: await database.select().from(users).orderBy(users.id),
    accounts: await database
      .select({ id: accounts.id, userId: accounts.userId, password: accounts.password, updatedAt: accounts.updatedAt })
      .from(accounts)
      .orderBy(accounts.id),
    sessions: await database
      .select({ id: sessions.id, token: sessions.token, expiresAt: sessions.expiresAt })
      .from(sessions)
      .orderBy(sessions.id),
    verifications: await database.select().from(verifications).orderBy(verifications.id),
  };
}

async function userByEmail(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return row;
}

async function signUp(name: string, email: string, password: string): Promise<{ id: number; cookie: string }> {
  const response = await post('/sign-up/email', { name, email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  const row = await userByEmail(email);
  return { id: row?.id as number, cookie: cookieFrom(response) };
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await post('/sign-in/email', { email, password })).status;
}

async function signInCookie(email: string, password: string): Promise<string> {
  const response = await post('/sign-in/email', { email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieFrom(response);
}

/** The session token a cookie names (its signature dropped). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

/** The API's body limit: DEFAULT_BODY_LIMIT in server/http/readJsonBody.ts (not exported by @/server). */
const DEFAULT_BODY_LIMIT = MiB;

/** A valid JSON object one byte over the body limit. */
function oversizeBody(): string {
  const padding = DEFAULT_BODY_LIMIT + 1 - '{"email":"a@example.com","password":"long enough","pad":""}'.length;
  return `{"email":"a@example.com","password":"long enough","pad":"${'x'.repeat(padding)}"}`;
}

const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

describe('sign-up ignores what a client may not set', () => {
  it('drops emailVerified, id, role, createdAt and updatedAt', async () => {
    const alice = (await userByEmail('alice@example.com')) as typeof users.$inferSelect;
    const response = await post('/sign-up/email', {
      name: 'Mallory',
      email: 'mallory-fields@example.com',
      password: 'mallory password',
      emailVerified: true,
      id: alice.id,
      role: 'owner',
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await userByEmail('mallory-fields@example.com');
    expect(row).toBeDefined();
    expect(row?.emailVerified).toBe(false);
    expect(row?.id).not.toBe(alice.id);
    expect(row?.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row?.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(
      await db()
        .select()
        .from(memberships)
        .where(eq(memberships.userId, row?.id as number)),
    ).toEqual([]);
    // Alice is untouched.
    expect(await userByEmail('alice@example.com')).toEqual(alice);
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a javascript: URL in disguise', ' JaVaScRiPt:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', '/api/auth/sign-out'],
  ])('refuses an image that is %s (400) and creates nobody', async (_label, image) => {
    const email = `image-${ipCounter}@example.com`;
    const response = await post('/sign-up/email', { name: 'Img', email, password: 'long enough', image });
    await expectRefused(response, 400, image);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('keeps an https image', async () => {
    await signUp('Pic', 'pic@example.com', 'long enough');
    const response = await post('/sign-up/email', {
      name: 'Pic2',
      email: 'pic2@example.com',
      password: 'long enough',
      image: 'https://cdn.example.com/a.png',
    });
    expect(response.status).toBe(200);
    expect((await userByEmail('pic2@example.com'))?.image).toBe('https://cdn.example.com/a.png');
  });

  it('refuses a javascript: image on update-user too, and the row keeps its image', async () => {
    const { id, cookie } = await signUp('Upd', 'update-image@example.com', 'long enough');
    const response = await post('/update-user', { image: 'javascript:alert(1)' }, { cookie });
    await expectRefused(response, 400, 'update-user image');
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.image).toBeNull();
  });
});

describe('wrong types and broken bodies', () => {
  let victim: { id: number; cookie: string };
  const VICTIM_PASSWORD = 'victim password';

  beforeAll(async () => {
    victim = await signUp('Victim', 'victim@example.com', VICTIM_PASSWORD);
  });

  /** Per endpoint: bodies with a wrong type in some field. */
  const wrongTypes: Record<string, { body: Record<string, unknown>; cookie?: boolean }[]> = {
    '/sign-up/email': [
      { body: { name: 'N', email: 42, password: 'long enough' } },
      { body: { name: 'N', email: ['typed@example.com'], password: 'long enough' } },
      { body: { name: 'N', email: { $ne: null }, password: 'long enough' } },
      { body: { name: 'N', email: 'typed@example.com', password: 12345678 } },
      { body: { name: 'N'.repeat(10 * 1024), email: 'typed@example.com', password: 'long enough' } },
      { body: { name: { first: 'N' }, email: 'typed@example.com', password: 'long enough' } },
      { body: { name: null, email: 'typed@example.com', password: 'long enough' } },
    ],
    '/sign-in/email': [
      { body: { email: 42, password: VICTIM_PASSWORD } },
      { body: { email: ['victim@example.com'], password: VICTIM_PASSWORD } },
      { body: { email: { $ne: null }, password: VICTIM_PASSWORD } },
      { body: { email: 'victim@example.com', password: 12345678 } },
      { body: { email: 'victim@example.com', password: { $ne: null } } },
      { body: { email: 'victim@example.com', password: [VICTIM_PASSWORD] } },
    ],
    '/change-password': [
      { body: { currentPassword: 12345678, newPassword: 'another password' }, cookie: true },
      { body: { currentPassword: VICTIM_PASSWORD, newPassword: 12345678 }, cookie: true },
      { body: { currentPassword: VICTIM_PASSWORD, newPassword: { $ne: null } }, cookie: true },
      { body: { currentPassword: [VICTIM_PASSWORD], newPassword: 'another password' }, cookie: true },
      { body: { currentPassword: VICTIM_PASSWORD, newPassword: 'N'.repeat(10 * 1024) }, cookie: true },
      {
        body: { currentPassword: VICTIM_PASSWORD, newPassword: 'another password', revokeOtherSessions: 'yes' },
        cookie: true,
      },
    ],
    '/reset-password': [
      { body: { token: 42, newPassword: 'another password' } },
      { body: { token: ['x'], newPassword: 'another password' } },
      { body: { token: { $ne: null }, newPassword: 'another password' } },
      { body: { token: 'not-a-token', newPassword: 12345678 } },
      { body: { token: 'not-a-token\u0000', newPassword: 'another password' } },
    ],
    '/request-password-reset': [
      { body: { email: 42 } },
      { body: { email: ['victim@example.com'] } },
      { body: { email: { $ne: null } } },
      { body: { email: 'victim@example.com', redirectTo: 42 } },
      { body: { email: 'victim@example.com\u0000' } },
    ],
  };

  for (const [path, cases] of Object.entries(wrongTypes)) {
    it(`${path}: wrong types are a 400/422 and change nothing`, async () => {
      const before = await accountState();
      for (const { body, cookie } of cases) {
        const response = await post(path, body, { cookie: cookie ? victim.cookie : undefined });
        await expectRefused(response, [400, 422], `${path} ${JSON.stringify(body).slice(0, 120)}`);
      }
      expect(await accountState()).toEqual(before);
      expect(await signInStatus('victim@example.com', VICTIM_PASSWORD)).toBe(200);
    });
  }

  const broken: { label: string; init: Init; statuses: number[] }[] = [
    { label: 'no body at all', init: { body: null, contentType: null }, statuses: [400] },
    { label: 'an empty JSON body', init: { body: '', contentType: JSON_TYPE }, statuses: [400] },
    { label: 'an empty object', init: { body: '{}' }, statuses: [400] },
    { label: 'JSON null', init: { body: 'null' }, statuses: [400] },
    { label: 'a JSON array', init: { body: '[{"email":"victim@example.com"}]' }, statuses: [400] },
    {
      label: 'text/plain',
      init: { body: '{"email":"victim@example.com","password":"x"}', contentType: 'text/plain' },
      statuses: [415],
    },
    {
      label: 'an HTML form',
      init: {
        body: 'name=Form&email=form%40example.com&password=long+enough&token=x&newPassword=long+enough',
        contentType: 'application/x-www-form-urlencoded',
      },
      statuses: [415],
    },
    {
      label: 'multipart',
      init: { body: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
      statuses: [415],
    },
    { label: 'malformed JSON', init: { body: '{"email":' }, statuses: [400] },
    {
      label: 'invalid UTF-8',
      init: { body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) },
      statuses: [400],
    },
    { label: '10,000-deep JSON', init: { body: DEEP }, statuses: [400] },
    { label: '10,000-deep JSON in a field', init: { body: `{"email":${DEEP}}` }, statuses: [400] },
    { label: 'a body over the limit', init: { body: oversizeBody() }, statuses: [413] },
  ];
  const endpoints = [
    '/sign-up/email',
    '/sign-in/email',
    '/change-password',
    '/reset-password',
    '/request-password-reset',
  ];

  for (const path of endpoints) {
    it(`${path}: missing, empty, non-JSON, malformed, deep and oversize bodies are refused and change nothing`, async () => {
      const before = await accountState();
      for (const { label, init, statuses } of broken) {
        const response = await authCall(path, {
          ...init,
          cookie: path === '/change-password' ? victim.cookie : undefined,
        });
        await expectRefused(response, statuses, `${path} ${label}`);
      }
      expect(await accountState()).toEqual(before);
      expect(await signInStatus('victim@example.com', VICTIM_PASSWORD)).toBe(200);
    });
  }
});

describe('odd Unicode', () => {
  it.each(['Alice@Example.com ', ' alice@example.com', 'ALICE@EXAMPLE.COM', '\talice@example.com\n'])(
    '%j signs in as alice',
    async (email) => {
      const alice = await userByEmail('alice@example.com');
      const response = await post('/sign-in/email', { email, password: DEMO_PASSWORD });
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await (await me(cookieFrom(response))).json()).user.id).toBe(alice?.id);
    },
  );

  it('never creates a second alice, whatever the case or spaces', async () => {
    for (const email of ['Alice@Example.com ', ' ALICE@example.com', 'alice@EXAMPLE.com']) {
      await expectRefused(await post('/sign-up/email', { name: 'A2', email, password: 'long enough' }), 422, email);
    }
    const [row] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(trim(${users.email})) = 'alice@example.com'`);
    expect(row?.count).toBe(1);
  });

  it('a reset requested with case and spaces reaches alice', async () => {
    clearSentMails();
    const response = await post('/request-password-reset', {
      email: ' Alice@Example.COM ',
      redirectTo: '/reset-password',
    });
    expect(response.status).toBe(200);
    expect(sentMails().map((mail) => mail.to)).toEqual(['alice@example.com']);
  });

  const lookAlikes = [
    ['a Cyrillic а', '\u0430lice@example.com'],
    ['fullwidth letters (NFKC folds them to alice)', '\uff41\uff4c\uff49\uff43\uff45@example.com'],
    ['a fullwidth domain', 'alice@\uff45xample.com'],
    ['a zero-width space', 'al\u200bice@example.com'],
    ['a trailing zero-width space', 'alice@example.com\u200b'],
    ['a Turkish dotted capital I', 'AL\u0130CE@example.com'],
    ['a combining mark', 'alic\u0065\u0301@example.com'],
    ['a NUL', 'alice@example.com\u0000'],
    ['a mathematical bold a', '\u{1d41a}lice@example.com'],
  ] as const;

  it.each(lookAlikes)('an email with %s never signs in as alice', async (label, email) => {
    const response = await post('/sign-in/email', { email, password: DEMO_PASSWORD });
    await expectRefused(response, [400, 401], label);
  });

  it.each(lookAlikes)('an email with %s cannot sign up (no look-alike account)', async (label, email) => {
    const before = await accountState();
    await expectRefused(await post('/sign-up/email', { name: 'Look', email, password: 'long enough' }), 400, label);
    expect(await accountState()).toEqual(before);
  });

  it.each([
    ['a right-to-left override', 'Bob\u202e\u2066evil\u2069\u202c'],
    ['zero-width characters', 'Z\u200bero\u200dWidth\ufeff'],
    ['emoji and combining marks', '😀 Zoe\u0301'],
  ])('a name with %s is stored exactly as given', async (label, name) => {
    const email = `name-${ipCounter}@example.com`;
    await signUp(name, email, 'long enough');
    expect((await userByEmail(email))?.name, label).toBe(name);
  });

  it('a name with a NUL is a 400 (PostgreSQL cannot store it), and nobody is created', async () => {
    const before = await accountState();
    for (const name of ['Nul\u0000Name', '\u0000']) {
      await expectRefused(
        await post('/sign-up/email', { name, email: 'nul-name@example.com', password: 'long enough' }),
        400,
        JSON.stringify(name),
      );
    }
    expect(await accountState()).toEqual(before);
  });

  it('an email longer than its column (255) is a 400 naming the field, and nobody is created', async () => {
    const before = await accountState();
    const email = `${'a'.repeat(250)}@example.com`;
    const response = await post('/sign-up/email', { name: 'Long', email, password: 'long enough' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ email: ['is too long (maximum is 255 characters)'] });
    expect(await accountState()).toEqual(before);
  });

  it('update-user with a NUL or an unpaired surrogate in the name is a 400 and the name stays', async () => {
    const { id, cookie } = await signUp('Keeps Name', 'keeps-name@example.com', 'long enough');
    await expectRefused(await post('/update-user', { name: 'x\u0000y' }, { cookie }), 400, 'update-user NUL');
    await expectRefused(await post('/update-user', { name: 'x\ud800y' }, { cookie }), 400, 'update-user surrogate');
    await expectRefused(await post('/update-user', { name: 'N'.repeat(10 * 1024) }, { cookie }), [400, 422], 'long');
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.name).toBe('Keeps Name');
  });
});

describe('password length', () => {
  it('refuses 129+ characters before hashing, accepts 128', async () => {
    const context = await auth().$context;
    const hash = vi.spyOn(context.password, 'hash');
    try {
      for (const password of ['p'.repeat(129), 'p'.repeat(100_000)]) {
        hash.mockClear();
        const response = await post('/sign-up/email', { name: 'Long', email: 'long-pw@example.com', password });
        await expectRefused(response, 400, `${password.length} characters`);
        expect(hash, `${password.length} characters hashed`).not.toHaveBeenCalled();
      }
      expect(await userByEmail('long-pw@example.com')).toBeUndefined();
    } finally {
      hash.mockRestore();
    }
    await signUp('Long', 'long-pw@example.com', 'p'.repeat(128));
    expect(await signInStatus('long-pw@example.com', 'p'.repeat(128))).toBe(200);
  });

  it('a 129+ character password at sign-in, change and reset is refused before any hash work', async () => {
    const { cookie } = await signUp('Longer', 'longer-pw@example.com', 'first password');
    const context = await auth().$context;
    const verify = vi.spyOn(context.password, 'verify');
    const hash = vi.spyOn(context.password, 'hash');
    try {
      const long = 'p'.repeat(129);
      await expectRefused(
        await post('/sign-in/email', { email: 'longer-pw@example.com', password: long }),
        [400, 401],
        'sign-in',
      );
      await expectRefused(
        await post('/change-password', { currentPassword: 'first password', newPassword: long }, { cookie }),
        400,
        'change new',
      );
      await expectRefused(
        await post('/change-password', { currentPassword: long, newPassword: 'second password' }, { cookie }),
        400,
        'change current',
      );
      await expectRefused(await post('/reset-password', { token: 'whatever', newPassword: long }), 400, 'reset');
      expect(verify).not.toHaveBeenCalled();
      expect(hash).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
      hash.mockRestore();
    }
    expect(await signInStatus('longer-pw@example.com', 'first password')).toBe(200);
  });

  it('refuses fewer than 8 characters, accepts 8', async () => {
    for (const password of ['', 'p', '1234567']) {
      await expectRefused(
        await post('/sign-up/email', { name: 'Short', email: 'short-pw@example.com', password }),
        400,
        JSON.stringify(password),
      );
    }
    expect(await userByEmail('short-pw@example.com')).toBeUndefined();
    const { cookie } = await signUp('Short', 'short-pw@example.com', '12345678');
    await expectRefused(
      await post('/change-password', { currentPassword: '12345678', newPassword: '1234567' }, { cookie }),
      400,
      'change to 7',
    );
    expect(await signInStatus('short-pw@example.com', '12345678')).toBe(200);
  });
});

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
    const email = `cross-${ipCounter}@example.com`;
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
    const response = await post('/request-password-reset', {
      email: 'bob@example.com',
      redirectTo: 'https://evil.example/steal',
    });
    await expectRefused(response, 403, 'redirectTo');
    expect(sentMails()).toEqual([]);
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
