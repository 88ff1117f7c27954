/**
 * Deleting an account through the real /api/auth handlers (better-auth's
 * delete-user on this file's PostgreSQL): the current password is required,
 * the user, their sessions and their cookie end, and their teams are settled
 * as backend/auth/accountDeletion.ts says: refused while they are the only
 * owner of a team with other members, a team of their own goes with them.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieFrom, sessionRoutes } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { ApiKey, Invitation, Membership, User } from '@/db/models';
import { INVITATION_LIFETIME_MS } from '@/db/models/Invitation';
import { apiKeys, invitations, memberships, serviceAssets, serviceAttachments, teams } from '@/db/schema';
import { isolateText } from '@/server';
import { teamWith, userExists } from './testing/accountFixtures';
import { ORIGIN, post } from './testing/hostileAuthRequests';

const PASSWORD = 'correct horse';
let counter = 0;

afterAll(closeDb);

/** A new account, signed in: its id, email and session cookie. */
async function signUp(name: string): Promise<{ id: number; email: string; cookie: string }> {
  counter += 1;
  const email = `deleting-${name.toLowerCase()}-${Date.now()}-${counter}@example.com`;
  const response = await post('/sign-up/email', { name, email, password: PASSWORD });
  expect(response.status, await response.clone().text()).toBe(200);
  const user = (await User.findBy({ email })) as User;
  return { id: user.id, email, cookie: cookieFrom(response) };
}

function deleteAccount(cookie: string, body: unknown = { password: PASSWORD }) {
  return post('/delete-user', body, { cookie });
}

describe('delete-user', () => {
  it('deletes the user with the current password, ends every session and clears the cookie', async () => {
    const dora = await signUp('Dora');
    const second = cookieFrom(await post('/sign-in/email', { email: dora.email, password: PASSWORD }));
    const response = await deleteAccount(dora.cookie);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/app_session=;.*Max-Age=0/i);
    expect(await userExists(dora.id)).toBe(false);
    for (const cookie of [dora.cookie, second]) {
      expect((await sessionRoutes.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }))).status).toBe(401);
    }
    const signIn = await post('/sign-in/email', { email: dora.email, password: PASSWORD });
    expect(signIn.status).toBe(401);
  });

  it('asks for the current password: none or a wrong one is a 400 beside the field, and the user stays', async () => {
    const ed = await signUp('Ed');
    for (const body of [{}, { password: '' }]) {
      const response = await deleteAccount(ed.cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { fields: { password: ["can't be blank"] } } });
    }
    const wrong = await deleteAccount(ed.cookie, { password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { fields: { password: ['is incorrect'] } } });
    expect(await userExists(ed.id)).toBe(true);
  });

  it('is a 401 without a session', async () => {
    expect((await post('/delete-user', { password: PASSWORD })).status).toBe(401);
  });

  it('refuses the only owner of teams with other members, naming them, and deletes nothing', async () => {
    const fay = await signUp('Fay');
    const gus = await signUp('Gus');
    const shared = await teamWith('Shared', [
      [fay.id, 'owner'],
      [gus.id, 'member'],
    ]);
    const other = await teamWith('Other', [
      [fay.id, 'owner'],
      [gus.id, 'member'],
    ]);
    const own = await teamWith('Own', [[fay.id, 'owner']]);
    const response = await deleteAccount(fay.cookie);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; message: string; fields?: unknown } };
    expect(body.error.code).toBe('UNPROCESSABLE_ENTITY');
    expect(body.error.message).toContain(`“${isolateText(shared.name)}” and “${isolateText(other.name)}”`);
    // A 422 names what is wrong in its fields: here the account as a whole.
    expect(body.error.fields).toEqual({ base: [body.error.message] });
    expect(body.error.message).toMatch(/make another member an owner/);
    expect(await userExists(fay.id)).toBe(true);
    const left = await db()
      .select({ id: teams.id })
      .from(teams)
      .where(inArray(teams.id, [shared.id, other.id, own.id]));
    expect(left).toHaveLength(3);

    // Once Gus owns one and leaves the other, Fay may go: the team she co-owned stays, with Gus alone.
    await Membership.where({ teamId: shared.id, userId: gus.id }).updateAll({ role: 'owner' });
    await Membership.where({ teamId: other.id, userId: gus.id }).deleteAll();
    expect((await deleteAccount(fay.cookie)).status).toBe(200);
    const remaining = await db()
      .select({ id: teams.id })
      .from(teams)
      .where(inArray(teams.id, [shared.id, other.id, own.id]));
    expect(remaining).toEqual([{ id: shared.id }]);
    expect(
      await db().select({ userId: memberships.userId }).from(memberships).where(eq(memberships.teamId, shared.id)),
    ).toEqual([{ userId: gus.id }]);
  });

  it('a member, or one owner of several, leaves the team behind; their keys there go, their invitations stay', async () => {
    const hal = await signUp('Hal');
    const ivy = await signUp('Ivy');
    const team = await teamWith('Co-owned', [
      [hal.id, 'owner'],
      [ivy.id, 'owner'],
    ]);
    const key = await ApiKey.create({ teamId: team.id, name: 'Hal script', createdById: hal.id });
    const invitation = await Invitation.create({
      teamId: team.id,
      email: `someone-${Date.now()}@example.com`,
      role: 'member',
      invitedById: hal.id,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    });
    expect((await deleteAccount(hal.cookie)).status).toBe(200);
    expect(await db().select().from(teams).where(eq(teams.id, team.id))).toHaveLength(1);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.id, key.id))).toHaveLength(0);
    const [kept] = await db().select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(kept?.invitedById).toBeNull();
  });

  it('deletes a team whose only member they are, with its keys and invitations, and detaches its files', async () => {
    const jo = await signUp('Jo');
    const team = await teamWith('Solo', [[jo.id, 'owner']]);
    await ApiKey.create({ teamId: team.id, name: 'Jo script', createdById: jo.id });
    await Invitation.create({
      teamId: team.id,
      email: `later-${Date.now()}@example.com`,
      role: 'member',
      invitedById: jo.id,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    });
    const [asset] = await db()
      .insert(serviceAssets)
      .values({
        key: `test/deleted-account-${Date.now()}-${counter}`,
        filename: 'logo.png',
        contentType: 'image/png',
        status: 'ready',
        metadata: { scope: { teamId: team.id } },
      })
      .returning();
    if (!asset) throw new Error('no asset');
    await db()
      .insert(serviceAttachments)
      .values({ assetId: asset.id, attachableType: 'Document', attachableId: 1, name: 'logo' });

    expect((await deleteAccount(jo.cookie)).status).toBe(200);
    expect(await db().select().from(teams).where(eq(teams.id, team.id))).toHaveLength(0);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.teamId, team.id))).toHaveLength(0);
    expect(await db().select().from(invitations).where(eq(invitations.teamId, team.id))).toHaveLength(0);
    expect(await db().select().from(serviceAttachments).where(eq(serviceAttachments.assetId, asset.id))).toHaveLength(
      0,
    );
    const [after] = await db().select().from(serviceAssets).where(eq(serviceAssets.id, asset.id));
    expect(after?.metadata.detachedAt).toEqual(expect.any(String));
  });
});
