/**
 * REQUIRE_EMAIL_VERIFICATION=true, through the real /api/auth handlers: sign-up
 * starts no session and mails a confirmation link; password sign-in is refused
 * until the link is opened; the link verifies the address, signs the user in
 * and goes on to the page sign-up named. (Off, the default, is the e2e run:
 * e2e/mail.spec.ts signs up and is signed in at once, with no such mail.)
 * A second `next start` with the setting on would cost a whole server for
 * one flow, so this file turns it on for its own module graph instead.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // biome-ignore lint/style/noProcessEnv: env.ts parses the environment once, at import; this file's graph imports it after this.
  process.env.REQUIRE_EMAIL_VERIFICATION = 'true';
});

import { cookieFrom, sessionRoutes } from '@/controllers/testClient';
import { closeDb } from '@/db/database';
import { demoSeeder } from '@/db/demoSeed';
import { env } from '@/env';
import { clearSentMails, sentMails } from '../mailer';
import { withRule } from '../rateLimit/testing/withRule';
import { createAuthRoutes } from './authRoutes';

const authRoutes = createAuthRoutes();
const ORIGIN = 'http://localhost';

beforeAll(() => demoSeeder.run());
afterAll(closeDb);

function post(path: string, body: unknown) {
  return authRoutes.POST(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify(body),
    }),
  );
}

const mailsTo = (email: string) => sentMails().filter((mail) => mail.to === email);

async function mailTo(email: string, subject: string) {
  await vi.waitFor(() =>
    expect(sentMails().find((mail) => mail.to === email && mail.subject === subject)).toBeTruthy(),
  );
  return sentMails().find((mail) => mail.to === email && mail.subject === subject);
}

describe('REQUIRE_EMAIL_VERIFICATION=true', () => {
  it('is on in this file', () => {
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(true);
  });

  it('sign-up mails a link and starts no session; sign-in waits for the link, which signs in', async () => {
    clearSentMails();
    const email = 'vera@example.com';
    const signUp = await post('/sign-up/email', {
      name: 'Vera',
      email,
      password: 'verified soon',
      callbackURL: '/invitations/some-token',
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    expect(signUp.headers.get('set-cookie') ?? '').not.toContain('app_session=');

    const refused = await post('/sign-in/email', { email, password: 'verified soon' });
    expect(refused.status).toBe(403);

    const mail = await mailTo(email, 'Confirm your email address');
    expect(mail?.html).toContain('Confirm my email');
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] as string;
    expect(link).toMatch(/^http:\/\/localhost\/api\/auth\/verify-email\?token=/);

    const opened = await authRoutes.GET(new Request(link, { headers: { 'x-forwarded-for': '198.51.100.7' } }));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/invitations/some-token');
    const cookie = cookieFrom(opened);
    const me = await sessionRoutes.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }));
    expect(me.status).toBe(200);
    expect((await me.json()).user.name).toBe('Vera');

    expect((await post('/sign-in/email', { email, password: 'verified soon' })).status).toBe(200);
  });
  it('a sign-in before the link is opened says so and mails a new link, which works', async () => {
    clearSentMails();
    const email = 'lost-link@example.com';
    expect((await post('/sign-up/email', { name: 'Lou', email, password: 'lost my link' })).status).toBe(200);
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1));

    const refused = await post('/sign-in/email', { email, password: 'lost my link' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(
      /^Email not verified: open the link we mailed you\. A new one/,
    );
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(2));
    // A wrong password mails nothing.
    expect((await post('/sign-in/email', { email, password: 'not my password' })).status).toBe(401);

    const link = /https?:\/\/\S+/.exec(mailsTo(email)[1]?.text ?? '')?.[0] as string;
    const opened = await authRoutes.GET(new Request(link, { headers: { 'x-forwarded-for': '198.51.100.7' } }));
    expect(opened.status).toBe(302);
    expect(cookieFrom(opened)).toMatch(/^app_session=./);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('a sign-up answers the same fields whether or not the email is taken (no id that tells them apart)', async () => {
    const taken = await post('/sign-up/email', {
      name: 'Again',
      email: 'alice@example.com',
      password: 'not hers at all',
    });
    const fresh = await post('/sign-up/email', {
      name: 'New',
      email: 'brand-new@example.com',
      password: 'a new account',
    });
    expect([taken.status, fresh.status]).toEqual([200, 200]);
    const [takenBody, freshBody] = [await taken.json(), await fresh.json()];
    expect(Object.keys(takenBody.user)).toEqual(Object.keys(freshBody.user));
    expect(takenBody.user).not.toHaveProperty('id');
    expect({ ...takenBody, user: { ...takenBody.user, createdAt: 0, updatedAt: 0 } }).toEqual({
      token: null,
      user: {
        name: 'Again',
        email: 'alice@example.com',
        emailVerified: false,
        image: null,
        createdAt: 0,
        updatedAt: 0,
      },
    });
    expect(freshBody.user).toMatchObject({ name: 'New', email: 'brand-new@example.com', emailVerified: false });
  });

  it('sign-ins refused for an unverified address do not count as failed ones', async () => {
    await withRule('signInAccount', { points: 3, durationSeconds: 60 }, async () => {
      const email = 'patient@example.com';
      expect((await post('/sign-up/email', { name: 'Pat', email, password: 'patient person' })).status).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await post('/sign-in/email', { email, password: 'patient person' })).status).toBe(403);
    });
  });

  it('an address gets at most RATE_LIMIT_VERIFICATION_EMAIL links, whether sign-up, sign-in or a resend asked', async () => {
    await withRule('verificationEmail', { points: 2, durationSeconds: 900 }, async () => {
      clearSentMails();
      const email = 'capped@example.com';
      expect((await post('/sign-up/email', { name: 'Cap', email, password: 'capped links' })).status).toBe(200);
      expect((await post('/sign-in/email', { email, password: 'capped links' })).status).toBe(403);
      // Over the cap: the same answers as ever, and no third mail.
      expect((await post('/sign-in/email', { email, password: 'capped links' })).status).toBe(403);
      const resend = await post('/send-verification-email', { email });
      expect(resend.status).toBe(200);
      expect(await resend.json()).toEqual({ status: true });
      await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo(email)).toHaveLength(2);
    });
  });
});
