/**
 * /api/teams/:teamId/members: members list (with emails), owners change roles
 * and remove, anyone leaves, a team always keeps an owner (also under
 * concurrent requests), and a removed member's API keys are gone for good.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { ApiKey, Membership, Team, User } from '@/db/models';
import { countQueries } from '@/server';
import { api, type DemoWorld, seedDemo, signIn } from './testClient';

type Row = Record<string, unknown>;
type Index = { data: Row[]; pagination: Row };
type ErrorBody = { error: { code: string; message: string; fields?: Row } };

let world: DemoWorld;
const ids: Record<string, number> = {};

beforeAll(async () => {
  world = await seedDemo();
  for (const email of ['alice@example.com', 'bob@example.com', 'carol@example.com']) {
    ids[email] = ((await User.findBy({ email })) as User).id;
  }
});
afterAll(closeDb);

/** A team of its own with the given (email, role) members; returns its id and members path. */
async function teamWith(name: string, members: [string, 'owner' | 'member'][]): Promise<{ id: number; path: string }> {
  const team = await Team.create({ name });
  for (const [email, role] of members) {
    await Membership.create({ teamId: team.id, userId: ids[email] as number, role });
  }
  return { id: team.id, path: `/teams/${team.id}/members` };
}

async function membershipId(teamId: number, email: string): Promise<number> {
  return ((await Membership.findBy({ teamId, userId: ids[email] as number })) as Membership).id;
}

describe('listing', () => {
  it("lists members with their role and the user's name and email, in a constant number of statements", async () => {
    const path = `/teams/${world.acme.id}/members`;
    const { result, count } = await countQueries(() => api<Index>('GET', path, { cookie: world.bob }));
    expect(result.status).toBe(200);
    expect(result.body.data.map((m) => [(m.user as Row).email, m.role])).toEqual([
      ['alice@example.com', 'owner'],
      ['bob@example.com', 'member'],
    ]);
    expect(result.body.data[0]?.user).toEqual({
      id: ids['alice@example.com'],
      name: 'Alice',
      email: 'alice@example.com',
    });
    // Context, page (its rows give the total), users: one statement for all rows' users.
    expect(count).toBe(3);
  });

  it('is for members only: another team is 404, anonymous 401', async () => {
    const path = `/teams/${world.globex.id}/members`;
    expect((await api<ErrorBody>('GET', path, { cookie: world.alice })).status).toBe(404);
    expect((await api('GET', path)).status).toBe(401);
    // Another team's membership id under my team: 404 too.
    const carolsId = await membershipId(world.globex.id, 'carol@example.com');
    expect((await api('GET', `/teams/${world.acme.id}/members/${carolsId}`, { cookie: world.alice })).status).toBe(404);
    expect(
      (
        await api('PATCH', `/teams/${world.acme.id}/members/${carolsId}`, {
          cookie: world.alice,
          body: { role: 'member' },
        })
      ).status,
    ).toBe(404);
    expect((await api('DELETE', `/teams/${world.acme.id}/members/${carolsId}`, { cookie: world.alice })).status).toBe(
      404,
    );
    expect(await Membership.find(carolsId)).toMatchObject({ role: 'owner' });
  });

  it('offers no create: people join through invitations (405)', async () => {
    const response = await api<ErrorBody>('POST', `/teams/${world.acme.id}/members`, {
      cookie: world.alice,
      body: { userId: ids['carol@example.com'], role: 'owner' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    // `except: ['create']`: OPTIONS and the tRPC router do not offer it either.
    const options = await api('OPTIONS', `/teams/${world.acme.id}/members`, { cookie: world.alice });
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const trpc = await api('POST', '/trpc/teams.members.create', {
      cookie: world.alice,
      body: { teamId: world.acme.id, data: { userId: ids['carol@example.com'], role: 'owner' } },
    });
    expect(trpc.status).toBe(404);
    expect(await Membership.findBy({ teamId: world.acme.id, userId: ids['carol@example.com'] as number })).toBeNull();
  });
});

describe('roles', () => {
  it('owners change roles; members cannot (403); other fields are ignored; a bad role is a 422', async () => {
    const team = await teamWith('Roles', [
      ['alice@example.com', 'owner'],
      ['bob@example.com', 'member'],
    ]);
    const bobs = await membershipId(team.id, 'bob@example.com');
    const alices = await membershipId(team.id, 'alice@example.com');
    expect((await api('PATCH', `${team.path}/${alices}`, { cookie: world.bob, body: { role: 'member' } })).status).toBe(
      403,
    );
    expect((await api('PATCH', `${team.path}/${bobs}`, { cookie: world.bob, body: { role: 'owner' } })).status).toBe(
      403,
    );
    const bad = await api<ErrorBody>('PATCH', `${team.path}/${bobs}`, { cookie: world.alice, body: { role: 'admin' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ role: ['must be owner or member'] });

    const promoted = await api<Row>('PATCH', `${team.path}/${bobs}`, {
      cookie: world.alice,
      body: { data: { role: 'owner', userId: ids['carol@example.com'], teamId: world.globex.id } },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: bobs, role: 'owner', userId: ids['bob@example.com'], teamId: team.id });
    expect((await Membership.find(bobs)).role).toBe('owner');
  });

  it('API keys cannot change roles (403)', async () => {
    const key = await api<Row>('POST', `/teams/${world.acme.id}/api-keys`, {
      cookie: world.alice,
      body: { name: 'k' },
    });
    const bobs = await membershipId(world.acme.id, 'bob@example.com');
    const response = await api('PATCH', `/teams/${world.acme.id}/members/${bobs}`, {
      token: key.body.token as string,
      body: { role: 'owner' },
    });
    expect(response.status).toBe(403);
    expect((await Membership.find(bobs)).role).toBe('member');
  });
});

describe('removing and leaving', () => {
  it('owners remove a member; a member cannot remove others (403) but can leave', async () => {
    const team = await teamWith('Removals', [
      ['alice@example.com', 'owner'],
      ['bob@example.com', 'member'],
      ['carol@example.com', 'member'],
    ]);
    const alices = await membershipId(team.id, 'alice@example.com');
    const carols = await membershipId(team.id, 'carol@example.com');
    expect((await api('DELETE', `${team.path}/${alices}`, { cookie: world.bob })).status).toBe(403);
    expect((await api('DELETE', `${team.path}/${carols}`, { cookie: world.bob })).status).toBe(403);
    expect(await Membership.where({ teamId: team.id }).count()).toBe(3);

    const removed = await api('DELETE', `${team.path}/${carols}`, { cookie: world.alice });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    const left = await api('POST', `${team.path}/leave`, { cookie: world.bob });
    expect(left).toMatchObject({ status: 200, body: { success: true } });
    expect((await Membership.where({ teamId: team.id }).toArray()).map((m) => m.userId)).toEqual([
      ids['alice@example.com'],
    ]);
    // Gone means gone: the team is a 404 for Bob now.
    expect((await api('GET', team.path, { cookie: world.bob })).status).toBe(404);
  });

  it('a member may also leave by deleting their own membership', async () => {
    const team = await teamWith('Self', [
      ['alice@example.com', 'owner'],
      ['bob@example.com', 'member'],
    ]);
    const bobs = await membershipId(team.id, 'bob@example.com');
    expect((await api('DELETE', `${team.path}/${bobs}`, { cookie: world.bob })).status).toBe(200);
    expect(await Membership.findBy({ id: bobs })).toBeNull();
  });
});

describe('a team always keeps an owner', () => {
  it('demoting, removing or the leaving of the last owner is a 422 with a clear message', async () => {
    const team = await teamWith('Lonely', [
      ['alice@example.com', 'owner'],
      ['bob@example.com', 'member'],
    ]);
    const alices = await membershipId(team.id, 'alice@example.com');
    const demote = await api<ErrorBody>('PATCH', `${team.path}/${alices}`, {
      cookie: world.alice,
      body: { role: 'member' },
    });
    expect(demote.status).toBe(422);
    expect(demote.body.error.message).toMatch(/at least one owner/);
    const remove = await api<ErrorBody>('DELETE', `${team.path}/${alices}`, { cookie: world.alice });
    expect(remove.status).toBe(422);
    expect(remove.body.error.message).toMatch(/last owner/);
    const leave = await api<ErrorBody>('POST', `${team.path}/leave`, { cookie: world.alice });
    expect(leave.status).toBe(422);
    expect(leave.body.error.fields?.base).toEqual([leave.body.error.message]);
    expect((await Membership.find(alices)).role).toBe('owner');

    // With a second owner, the first may step down.
    const bobs = await membershipId(team.id, 'bob@example.com');
    expect((await api('PATCH', `${team.path}/${bobs}`, { cookie: world.alice, body: { role: 'owner' } })).status).toBe(
      200,
    );
    expect((await api('POST', `${team.path}/leave`, { cookie: world.alice })).status).toBe(200);
  });

  it('holds under concurrent requests: two owners demoting each other, or both leaving, keep one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const team = await teamWith(`Race ${round}`, [
        ['alice@example.com', 'owner'],
        ['bob@example.com', 'owner'],
      ]);
      const alices = await membershipId(team.id, 'alice@example.com');
      const bobs = await membershipId(team.id, 'bob@example.com');
      const requests =
        round % 2 === 0
          ? [
              api('PATCH', `${team.path}/${bobs}`, { cookie: world.alice, body: { role: 'member' } }),
              api('PATCH', `${team.path}/${alices}`, { cookie: world.bob, body: { role: 'member' } }),
            ]
          : [
              api('POST', `${team.path}/leave`, { cookie: world.alice }),
              api('POST', `${team.path}/leave`, { cookie: world.bob }),
            ];
      const statuses = (await Promise.all(requests)).map((response) => response.status).sort();
      // One wins. The other is refused: 422 (last owner), or for a demotion 403 when it ran after
      // the caller had been demoted (the role is re-read under the team's lock).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect(round % 2 === 0 ? [403, 422] : [422], `round ${round}`).toContain(statuses[1]);
      expect(await Membership.where({ teamId: team.id, role: 'owner' }).count(), `round ${round}`).toBe(1);
    }
  });
});

describe('API keys end with the membership', () => {
  it("a removed member's key is 401, and stays 401 after they rejoin", async () => {
    const team = await teamWith('Keys', [
      ['alice@example.com', 'owner'],
      ['bob@example.com', 'owner'],
    ]);
    // Bob, an owner, creates a key through the API, then is demoted and removed.
    const created = await api<Row>('POST', `/teams/${team.id}/api-keys`, {
      cookie: world.bob,
      body: { name: 'Bob CI' },
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect((await api('GET', `/teams/${team.id}/members`, { token })).status).toBe(200);

    const bobs = await membershipId(team.id, 'bob@example.com');
    expect((await api('DELETE', `${team.path}/${bobs}`, { cookie: world.alice })).status).toBe(200);
    expect((await api('GET', `/teams/${team.id}/members`, { token })).status).toBe(401);
    expect(await ApiKey.findBy({ id: created.body.id as number })).toBeNull();

    // Re-invited as an owner and accepted: the old key stays dead.
    const invite = await api<Row>('POST', `/teams/${team.id}/invitations`, {
      cookie: world.alice,
      body: { email: 'bob@example.com', role: 'owner' },
    });
    expect(invite.status).toBe(201);
    const inviteToken = String(invite.body.link).split('/invitations/')[1];
    const bob = await signIn('bob@example.com');
    const accepted = await api('POST', '/invitations/accept', { cookie: bob, body: { token: inviteToken } });
    expect(accepted.status).toBe(200);
    expect((await Membership.findBy({ teamId: team.id, userId: ids['bob@example.com'] as number }))?.role).toBe(
      'owner',
    );
    expect((await api('GET', `/teams/${team.id}/members`, { token })).status).toBe(401);
    expect((await api('GET', `/teams/${team.id}/members`, { cookie: bob })).status).toBe(200);
  });
});
