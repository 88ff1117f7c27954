/**
 * What deleting an account takes (backend/auth/accountDeletionProof.ts),
 * through the real /api/auth handlers on this file's PostgreSQL: an account
 * with a password gives it, whatever the session's age; an account without
 * one (OAuth only: a user row, a `github` account row and a session, as an
 * OAuth sign-in leaves them) deletes itself on a sign-in under 10 minutes
 * old, its teams settled as for anyone, and is told to sign in again after
 * that. Hostile bodies are a 4xx that deletes nothing.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { Membership, User } from '@/db/models';
import { accounts, memberships, sessions, teams } from '@/db/schema';
import { DELETION_SIGN_IN_WINDOW_SECONDS, SIGN_IN_AGAIN_MESSAGE } from './accountDeletionProof';
import { hasPassword } from './hasPassword';
import { teamWith, userExists } from './testing/accountFixtures';
import { accountState, expectRefused, me, post, signUp, tokenOf, uniqueEmail } from './testing/hostileAuthRequests';

const PASSWORD = 'correct horse';

afterAll(closeDb);

/** An OAuth-only account, signed in just now: a user, a GitHub account row (no password) and a session. */
async function oauthUser(name: string): Promise<{ id: number; cookie: string }> {
  const user = await User.create({ email: uniqueEmail(name.toLowerCase()), name });
  await db()
    .insert(accounts)
    .values({ userId: user.id, providerId: 'github', accountId: `gh-${user.id}`, accessToken: 'gho_token' });
  // The dev sign-in starts the same kind of session an OAuth callback does (better-auth's createSession).
  return { id: user.id, cookie: await signIn(user.email) };
}

/** Makes the cookie's session look signed in `seconds` ago (it stays live: only its start moves). */
async function signedInAgo(cookie: string, seconds: number): Promise<void> {
  await db()
    .update(sessions)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(sessions.token, tokenOf(cookie)));
}

function deleteAccount(cookie: string, body: unknown) {
  return post('/delete-user', body, { cookie });
}

async function teamIds(ids: number[]): Promise<number[]> {
  const rows = await db().select({ id: teams.id }).from(teams).where(inArray(teams.id, ids)).orderBy(teams.id);
  return rows.map((row) => row.id);
}

describe('an account without a password', () => {
  it('deletes itself on a fresh sign-in, its teams settled as for anyone, and its session ends', async () => {
    const otto = await oauthUser('Otto');
    const pia = await oauthUser('Pia');
    const solo = await teamWith('Proof', [[otto.id, 'owner']]);
    const shared = await teamWith('Proof', [
      [otto.id, 'owner'],
      [pia.id, 'member'],
    ]);

    // The only owner of a team with a member: refused (422) as a password user is, and nothing goes.
    const refused = await deleteAccount(otto.cookie, {});
    expect(refused.status, await refused.clone().text()).toBe(422);
    expect((await refused.json()).error.fields.base[0]).toMatch(/only owner of/);
    expect(await userExists(otto.id)).toBe(true);
    expect(await teamIds([solo.id, shared.id])).toEqual([solo.id, shared.id]);

    await Membership.where({ teamId: shared.id, userId: pia.id }).updateAll({ role: 'owner' });
    // No body at all reads as {} (the API's rule for an empty body), as a form without a password field sends.
    const deleted = await post('/delete-user', null, { cookie: otto.cookie, contentType: null });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(deleted.headers.get('set-cookie')).toMatch(/app_session=;.*Max-Age=0/i);
    expect(await userExists(otto.id)).toBe(false);
    expect(await teamIds([solo.id, shared.id])).toEqual([shared.id]);
    expect(
      await db().select({ userId: memberships.userId }).from(memberships).where(eq(memberships.teamId, shared.id)),
    ).toEqual([{ userId: pia.id }]);
    expect(await db().select().from(accounts).where(eq(accounts.userId, otto.id))).toEqual([]);
    expect((await me(otto.cookie)).status).toBe(401);
  });

  it('an empty password field counts as none', async () => {
    const quin = await oauthUser('Quin');
    expect((await deleteAccount(quin.cookie, { password: '' })).status).toBe(200);
    expect(await userExists(quin.id)).toBe(false);
  });

  it(`is refused with a 403 asking to sign in again once the sign-in is ${DELETION_SIGN_IN_WINDOW_SECONDS / 60} minutes old, and nothing goes`, async () => {
    const rex = await oauthUser('Rex');
    const team = await teamWith('Proof', [[rex.id, 'owner']]);
    // Well inside better-auth's own freshness (a day), which alone would have deleted the account.
    await signedInAgo(rex.cookie, DELETION_SIGN_IN_WINDOW_SECONDS + 60);
    const before = await accountState();
    const response = await deleteAccount(rex.cookie, {});
    expect(response.status).toBe(403);
    expect(await response.clone().json()).toEqual({ error: { code: 'FORBIDDEN', message: SIGN_IN_AGAIN_MESSAGE } });
    await expectRefused(response, 403, 'stale session');
    expect(await accountState()).toEqual(before);
    expect(await teamIds([team.id])).toEqual([team.id]);
    expect((await me(rex.cookie)).status).toBe(200);

    // A new sign-in (a new session) is fresh again.
    const again = await signIn((await User.find(rex.id)).email);
    expect((await deleteAccount(again, {})).status).toBe(200);
    expect(await teamIds([team.id])).toEqual([]);
  });

  it('a hostile body is a 4xx in the API format and deletes nothing', async () => {
    const sam = await oauthUser('Sam');
    const bodies: unknown[] = [
      { password: 12345678 },
      { password: null },
      { password: ['x'] },
      { password: { $ne: null } },
      { password: true },
      // There is no password to check: sent anyway, it is refused rather than ignored.
      { password: 'a guess' },
      [],
      [{ password: '' }],
      '"delete"',
      42,
      // better-auth's e-mailed deletion link (not enabled here): an unknown token deletes nothing.
      { token: 'forged' },
      { callbackURL: 'https://evil.example/' },
    ];
    const before = await accountState();
    for (const body of bodies) {
      await expectRefused(await deleteAccount(sam.cookie, body), [400, 403, 404], JSON.stringify(body));
    }
    expect(await accountState()).toEqual(before);
    const wrongType = await deleteAccount(sam.cookie, { password: 12345678 });
    expect((await wrongType.json()).error.fields).toEqual({ password: ['must be a string'] });
    const given = await deleteAccount(sam.cookie, { password: 'a guess' });
    expect((await given.json()).error.fields).toEqual({ password: ['is not set for this account'] });
    const list = await deleteAccount(sam.cookie, []);
    expect((await list.json()).error.fields).toEqual({ body: ['must be a JSON object'] });

    // Unknown keys are dropped, as everywhere in the API: the deletion goes ahead.
    expect((await deleteAccount(sam.cookie, { reason: 'leaving' })).status).toBe(200);
    expect(await userExists(sam.id)).toBe(false);
  });

  it('without a session is a 401, whatever the body', async () => {
    for (const body of [{}, { password: PASSWORD }]) {
      await expectRefused(await post('/delete-user', body), 401, JSON.stringify(body));
    }
  });
});

describe('an account with a password', () => {
  it('still gives it when its cookie comes in double quotes', async () => {
    // better-auth reads a quoted cookie value too: the check must find the same session, or refuse.
    const quinn = await signUp('Quinn', uniqueEmail('quinn'), PASSWORD);
    const [name, value] = quinn.cookie.split(/=(.*)/s);
    const response = await deleteAccount(`${name}="${value}"`, {});
    expect(await response.clone().json()).toMatchObject({ error: { fields: { password: ["can't be blank"] } } });
    await expectRefused(response, 400, 'quoted cookie');
    expect(await userExists(quinn.id)).toBe(true);
  });

  it('still gives it on a fresh sign-in; a wrong type or a list is a 400 and nothing goes', async () => {
    const email = uniqueEmail('tess');
    // Signed up this instant: as fresh as a session gets.
    const tess = await signUp('Tess', email, PASSWORD);
    const before = await accountState();
    for (const body of [{}, { password: '' }, { reason: 'leaving' }]) {
      const response = await deleteAccount(tess.cookie, body);
      expect(await response.clone().json()).toMatchObject({ error: { fields: { password: ["can't be blank"] } } });
      await expectRefused(response, 400, JSON.stringify(body));
    }
    for (const body of [{ password: 12345678 }, { password: [PASSWORD] }, { password: null }, [PASSWORD]]) {
      await expectRefused(await deleteAccount(tess.cookie, body), 400, JSON.stringify(body));
    }
    expect(await accountState()).toEqual(before);

    // With it, and an unknown key besides (dropped), the account goes, however old the sign-in.
    await signedInAgo(tess.cookie, 3 * DELETION_SIGN_IN_WINDOW_SECONDS);
    expect((await deleteAccount(tess.cookie, { password: PASSWORD, reason: 'leaving' })).status).toBe(200);
    expect(await userExists(tess.id)).toBe(false);
  });
});

describe('hasPassword', () => {
  it('is true for an email and password account, false for an OAuth-only one or a credential without a hash', async () => {
    const withPassword = await signUp('Uma', uniqueEmail('uma'), PASSWORD);
    const oauth = await oauthUser('Vic');
    const hashless = await User.create({ email: uniqueEmail('wes'), name: 'Wes' });
    await db()
      .insert(accounts)
      .values({ userId: hashless.id, providerId: 'credential', accountId: String(hashless.id) });
    expect(await hasPassword(withPassword.id)).toBe(true);
    expect(await hasPassword(oauth.id)).toBe(false);
    expect(await hasPassword(hashless.id)).toBe(false);
  });
});
