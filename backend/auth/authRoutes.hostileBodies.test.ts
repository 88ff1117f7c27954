/**
 * Hostile bodies against /api/auth/* (better-auth behind backend/auth/authRoutes.ts):
 * fields a client may not set, wrong types, broken and oversize JSON.
 *
 * Through the real handlers and this file's PostgreSQL. Every wrong request
 * must get a 4xx in the API's error format (`{error: {code, message}}`), never
 * a 500, a stack trace, SQL or a secret, must set no session cookie, and must
 * leave the accounts, sessions and reset tokens as they were (the checks are
 * in testing/hostileAuthRequests.ts).
 *
 * Decided here: `image` is an http(s) URL or refused (a `javascript:` URL
 * would run where a page links it); `emailVerified`, `id`, `role`,
 * `createdAt` are dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';
import { demoSeeder } from '@/db/demoSeed';
import { memberships, users } from '@/db/schema';
import {
  accountState,
  authCall,
  DEEP,
  expectRefused,
  type Init,
  JSON_TYPE,
  oversizeBody,
  post,
  signInStatus,
  signUp,
  uniqueEmail,
  userByEmail,
} from './testing/hostileAuthRequests';

beforeAll(() => demoSeeder.run());
afterAll(closeDb);

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
    const email = uniqueEmail('image');
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

  it('refuses an image URL over 2,048 characters, and takes one of 2,048', async () => {
    const { id, cookie } = await signUp('Long', 'long-image@example.com', 'long enough');
    const url = (length: number) => `https://cdn.example.com/${'a'.repeat(length - 24)}`;
    const refused = await post('/update-user', { image: url(2049) }, { cookie });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ image: ['is too long (maximum is 2048 characters)'] });
    expect((await post('/update-user', { image: url(2048) }, { cookie })).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.image).toBe(url(2048));
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
      { body: { name: ' ', email: 'typed@example.com', password: 'long enough' } },
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
    // better-auth takes any JSON value as the name here and stored its text ("N,M", "[object Object]"),
    // or failed in the driver with a 500.
    '/update-user': [
      { body: { name: { first: 'N' } }, cookie: true },
      { body: { name: { toString: 1 } }, cookie: true },
      { body: { name: '' }, cookie: true },
      { body: { name: '   ' }, cookie: true },
      { body: { name: ['N'] }, cookie: true },
      { body: { name: 42 }, cookie: true },
      { body: { name: true }, cookie: true },
      { body: { name: null }, cookie: true },
      { body: { image: { href: 'https://example.com/a.png' } }, cookie: true },
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

  it("a wrong type names its field, as the API's other 400s do (better-auth says it only in its message)", async () => {
    const response = await post('/sign-in/email', { email: ['victim@example.com'], password: 12345678 });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({
      email: ['must be a string'],
      password: ['must be a string'],
    });
  });

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
