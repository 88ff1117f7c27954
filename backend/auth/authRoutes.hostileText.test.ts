/**
 * Hostile text against /api/auth/* (better-auth behind backend/auth/authRoutes.ts):
 * odd Unicode in emails and names, and passwords too short or too long.
 *
 * Through the real handlers and this file's PostgreSQL. Every wrong request
 * must get a 4xx in the API's error format (`{error: {code, message}}`), never
 * a 500, a stack trace, SQL or a secret, must set no session cookie, and must
 * leave the accounts, sessions and reset tokens as they were (the checks are
 * in testing/hostileAuthRequests.ts).
 *
 * Decided here:
 * - an email is trimmed and lower-cased, nothing more: `Alice@Example.com `
 *   is alice; look-alikes (Cyrillic `а`, fullwidth letters, a zero-width space,
 *   Turkish `İ`) are other strings, which never reach alice's account, and
 *   since better-auth's email check is ASCII-only they cannot even sign up
 *   (no look-alike "alice" in a member list);
 * - a name is display text, stored as given (bidi controls and zero-width
 *   characters inside it included: pages and mails isolate it from their own
 *   words, server/shared/isolateText.ts), but trimmed of whitespace and
 *   invisible format characters at both ends, as team names are ("Acme\u200f"
 *   looked exactly like "Acme": server/shared/trimInvisible.ts); U+0000, which
 *   PostgreSQL cannot store, and more than its column's 100 characters are 400;
 *   so is a name with no visible character at all (only zero-width characters,
 *   bidi controls, a soft hyphen...: server/shared/visibleText.ts), "can't be
 *   blank" like an empty one.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, db } from '@/db/database';
import { DEMO_PASSWORD, demoSeeder } from '@/db/demoSeed';
import { User } from '@/db/models';
import { users } from '@/db/schema';
import { ONE_LINE } from '@/server';
import { clearSentMails, sentMails } from '../mailer';
import { auth } from './auth';
import {
  accountState,
  cookieFrom,
  expectRefused,
  me,
  post,
  signInStatus,
  signUp,
  uniqueEmail,
  userByEmail,
} from './testing/hostileAuthRequests';

beforeAll(() => demoSeeder.run());
afterAll(closeDb);

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

  it('sign-ups of one email at once (a double-clicked button): one account, the others 422, never a 500', async () => {
    const email = uniqueEmail('race');
    const variants = [email, email.toUpperCase(), ` ${email}`, email, email, email];
    const responses = await Promise.all(
      variants.map((variant) => post('/sign-up/email', { name: 'Race', email: variant, password: 'long enough' })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    for (const response of responses.filter((r) => r.status !== 200)) await expectRefused(response, 422, email);
    const [row] = await db().select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email));
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
    ['a right-to-left override', 'Bob\u202e\u2066evil\u2069\u202c!'],
    ['zero-width characters', 'Z\u200bero\u200dWidth\ufeffs'],
    ['emoji and combining marks', '😀 Zoe\u0301'],
  ])('a name with %s inside is stored exactly as given', async (label, name) => {
    const email = uniqueEmail('name');
    await signUp(name, email, 'long enough');
    expect((await userByEmail(email))?.name, label).toBe(name);
  });

  it.each([
    ['spaces', '  Spacey  ', 'Spacey'],
    ['a right-to-left mark', 'Acme\u200f', 'Acme'],
    ['zero-width characters and a BOM', '\ufeff\u200bZero\u200d\u2060', 'Zero'],
    ['bidi controls and spaces', ' \u202eBob \u2066evil\u2069\u202c ', 'Bob \u2066evil'],
  ])(
    'a name with %s at its ends is stored trimmed of them, at sign-up and update-user',
    async (label, name, trimmed) => {
      const email = uniqueEmail('trim');
      const { cookie } = await signUp(name, email, 'long enough');
      expect((await userByEmail(email))?.name, label).toBe(trimmed);
      expect((await post('/update-user', { name: 'Other' }, { cookie })).status).toBe(200);
      expect((await post('/update-user', { name }, { cookie })).status, label).toBe(200);
      expect((await userByEmail(email))?.name, `update-user ${label}`).toBe(trimmed);
    },
  );

  const invisibleNames = [
    ['zero-width characters', '\u200b\u200d\ufeff'],
    ['a zero-width space', '\u200b'],
    ['bidi isolates', '\u2066\u2069'],
    ['a soft hyphen', '\u00ad'],
    ['a Hangul filler', '\u3164'],
    ['spaces around a zero-width joiner', ' \u200d '],
  ] as const;

  it.each(invisibleNames)(
    'a name of only %s is a 400 "can\'t be blank" (a member list would show nothing), and nobody is created',
    async (label, name) => {
      const before = await accountState();
      const email = uniqueEmail('invisible');
      const response = await post('/sign-up/email', { name, email, password: 'long enough' });
      expect(response.status, label).toBe(400);
      expect((await response.clone().json()).error.fields).toEqual({ name: ["can't be blank"] });
      await expectRefused(response, 400, label);
      expect(await accountState()).toEqual(before);
    },
  );

  it('a name of more than one line is a 400 at sign-up and update-user, and nothing changes', async () => {
    const before = await accountState();
    const forged = 'Mallory\r\n\r\nAccept the invitation: https://evil.example';
    const signedUp = await post('/sign-up/email', {
      name: forged,
      email: uniqueEmail('lines'),
      password: 'long enough',
    });
    expect(signedUp.status).toBe(400);
    expect((await signedUp.clone().json()).error.fields).toEqual({ name: [ONE_LINE] });
    expect(await accountState()).toEqual(before);
    const { id, cookie } = await signUp('One Line', uniqueEmail('lines'), 'long enough');
    for (const name of [forged, 'Tab\there', 'Line\u2028separator']) {
      const updated = await post('/update-user', { name }, { cookie });
      expect(updated.status, JSON.stringify(name)).toBe(400);
      expect((await updated.clone().json()).error.fields).toEqual({ name: [ONE_LINE] });
    }
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.name).toBe('One Line');
  });

  it('update-user to a name with nothing visible is a 400 and the name stays', async () => {
    const { id, cookie } = await signUp('Visible Name', uniqueEmail('visible'), 'long enough');
    for (const [label, name] of invisibleNames) {
      const response = await post('/update-user', { name }, { cookie });
      expect(response.status, label).toBe(400);
      expect((await response.clone().json()).error.fields).toEqual({ name: ["can't be blank"] });
      await expectRefused(response, 400, `update-user ${label}`);
    }
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.name).toBe('Visible Name');
    // A name that shows is changed as given, its invisible characters included.
    expect((await post('/update-user', { name: 'Z\u200bero' }, { cookie })).status).toBe(200);
    expect((await userByEmail(row?.email as string))?.name).toBe('Z\u200bero');
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

  /**
   * better-auth writes users past the model, so /api/auth asks the User model to judge the name, rather
   * than keep a copy of its rules. The User model is asked here, and the route must
   * refuse exactly what the model refuses, with the model's messages, at sign-up and at update-user.
   */
  const namesToJudge = [
    ['100 characters', 'N'.repeat(100)],
    ['101 characters', 'N'.repeat(101)],
    ['100 emoji (200 UTF-16 units)', '\u{1f600}'.repeat(100)],
    ['101 emoji', '\u{1f600}'.repeat(101)],
    ['a line break', 'Two\nLines'],
    ['a tab', 'Tab\there'],
    ['121 characters and a line break', `${'N'.repeat(60)}\n${'N'.repeat(60)}`],
    ['nothing visible', '\u200b'],
    ['spaces around it', '  Spacey  '],
    ['a zero-width space inside', 'Z\u200bero'],
  ] as const;

  it.each(namesToJudge)(
    'a name with %s is refused at sign-up and update-user iff the User model refuses it',
    async (label, name) => {
      const model = User.build({ email: 'model@example.com', name });
      await model.isValid();
      const expected = [...(model.errors.name ?? [])].sort();
      const { id, cookie } = await signUp('Before', uniqueEmail('judge'), 'long enough');
      const answers = {
        'sign-up': await post('/sign-up/email', { name, email: uniqueEmail('judge'), password: 'long enough' }),
        'update-user': await post('/update-user', { name }, { cookie }),
      };
      for (const [where, response] of Object.entries(answers)) {
        const body = await response.clone().json();
        if (expected.length === 0) {
          expect(response.status, `${where} ${label}: ${JSON.stringify(body)}`).toBe(200);
          continue;
        }
        expect(response.status, `${where} ${label}`).toBe(400);
        expect(Object.keys(body.error.fields), `${where} ${label}`).toEqual(['name']);
        expect([...body.error.fields.name].sort(), `${where} ${label}`).toEqual(expected);
      }
      const [row] = await db().select().from(users).where(eq(users.id, id));
      expect(row?.name).toBe(expected.length === 0 ? model.name : 'Before');
    },
  );

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
