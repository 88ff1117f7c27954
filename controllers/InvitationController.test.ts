/**
 * Invitations: owners create (the link once, mailed, only a hash stored),
 * list pending, change the role, revoke; the invitee accepts once, as the
 * invited email, before expiry. Nothing reaches another team's invitations.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { clearSentMails, sentMails } from '@/backend/mailer';
import { withRule, withRuleForAll } from '@/backend/rateLimit/testing/withRule';
import { closeDb, db } from '@/db/database';
import { hashInvitationToken, INVITATION_LIFETIME_MS, Invitation, Membership, User } from '@/db/models';
import { rateLimits } from '@/db/schema';
import { countQueries, transaction } from '@/server';
import type { InvitationControllerRecord } from './client.gen';
import { openApiDocument } from './index';
import { api, type DemoWorld, makeTeam, seedDemo, signIn } from './testClient';

type Row = Record<string, unknown>;
type Index = { data: Row[]; pagination: Row };
type ErrorBody = { error: { code: string; message: string; fields?: Row } };

let world: DemoWorld;
let invitations: string;
let dave: string;
let daveId: number;

/** The tests here invite the same few addresses more often than RATE_LIMIT_INVITATION_ADDRESS allows; its own test sets it. */
withRuleForAll('invitationAddress', null);
beforeAll(async () => {
  world = await seedDemo();
  invitations = `/teams/${world.acme.id}/invitations`;
  daveId = (await User.create({ email: 'dave@example.com', name: 'Dave' })).id;
  dave = await signIn('dave@example.com');
});
beforeEach(clearSentMails);
afterAll(closeDb);

async function invite(email: string, role?: 'owner' | 'member', cookie = world.alice) {
  const response = await api<Row>('POST', invitations, { cookie, body: { data: { email, role } } });
  expect(response.status).toBe(201);
  const link = response.body.link as string;
  return { id: response.body.id as number, link, token: link.split('/invitations/')[1] as string, body: response.body };
}

/** Resolves once `count` statements wait on a row lock (the requests under test have reached their writes). */
async function waitForLockWaiter(count = 1): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const waiting = await db().execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (waiting.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no statement waited on the lock');
}

/**
 * Stands in for another request in the middle of its work: runs `hold` in a transaction of its own and
 * keeps it open, its locks held, until `release()`, which runs `finish` in it and waits for the commit.
 */
async function holdOpen(
  hold: () => Promise<unknown>,
  finish: () => Promise<unknown> = async () => {},
): Promise<{ release: () => Promise<void> }> {
  let held!: () => void;
  let mayFinish!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const released = new Promise<void>((resolve) => {
    mayFinish = resolve;
  });
  const committed = transaction(async () => {
    await hold();
    held();
    await released;
    await finish();
  });
  await Promise.race([holding, committed]);
  return {
    release: async () => {
      mayFinish();
      await committed;
    },
  };
}

function accept(token: string, cookie?: string) {
  return api<Row & ErrorBody>('POST', '/invitations/accept', { cookie, body: { token } });
}

describe('creating', () => {
  it('links to the origin the browser addressed, not the internal listener (next start answers on localhost)', async () => {
    const response = await api<Row>('POST', invitations, {
      cookie: world.alice,
      headers: { host: 'app.example.com', 'x-forwarded-proto': 'https' },
      body: { data: { email: 'origin-check@example.com' } },
    });
    expect(response.status).toBe(201);
    expect(response.body.link).toMatch(/^https:\/\/app\.example\.com\/invitations\/[A-Za-z0-9_-]{43}$/);
  });

  it('answers the link once, mails it, stores only the hash', async () => {
    const { id, link, token, body } = await invite('Dave@Example.com ', 'member');
    expect(link).toMatch(/^http:\/\/localhost\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ email: 'dave@example.com', role: 'member', status: 'pending', acceptedAt: null });
    expect(body).not.toHaveProperty('tokenHash');
    const stored = await Invitation.find(id);
    expect(stored.tokenHash).toBe(hashInvitationToken(token));
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(INVITATION_LIFETIME_MS - 60_000);
    expect(sentMails()).toEqual([
      expect.objectContaining({
        to: 'dave@example.com',
        subject: '\u2068Alice\u2069 invited you to join \u2068Acme\u2069',
      }),
    ]);
    expect(sentMails()[0]?.text).toContain(link);

    const list = await api<Index>('GET', invitations, { cookie: world.alice });
    const listed = list.body.data.find((row) => row.id === id) as Row;
    expect(listed).toMatchObject({ email: 'dave@example.com', invitedBy: { name: 'Alice' } });
    const one = await api<Row>('GET', `${invitations}/${id}`, { cookie: world.alice });
    for (const json of [listed, one.body]) {
      expect(JSON.stringify(json)).not.toContain(token);
      expect(JSON.stringify(json)).not.toContain(stored.tokenHash);
      expect(json).not.toHaveProperty('link');
    }
  });

  it('validates, ignores non-permitted fields, refuses existing members', async () => {
    const bad = await api<ErrorBody>('POST', invitations, {
      cookie: world.alice,
      body: { email: 'nope', role: 'king' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['email', 'role']);
    const member = await api<ErrorBody>('POST', invitations, {
      cookie: world.alice,
      body: { email: 'BOB@example.com' },
    });
    expect(member.status).toBe(422);
    expect(member.body.error.fields).toEqual({ email: ['is already a member of this team'] });
    const forced = await invite('erin@example.com');
    const stored = await Invitation.find(forced.id);
    expect(stored.invitedById).not.toBeNull();
    const sneaky = await api<Row>('POST', invitations, {
      cookie: world.alice,
      body: {
        email: 'erin@example.com',
        teamId: world.globex.id,
        acceptedAt: '2020-01-01T00:00:00Z',
        tokenHash: 'f'.repeat(64),
      },
    });
    expect(sneaky.status).toBe(201);
    expect(sneaky.body).toMatchObject({ teamId: world.acme.id, acceptedAt: null });
    expect((await Invitation.find(sneaky.body.id as number)).tokenHash).not.toBe('f'.repeat(64));
    // The newer invitation replaced the older one for the same address.
    expect(await Invitation.findBy({ id: forced.id })).toBeNull();
  });

  it('concurrent invitations of one email leave one live link: the last one', async () => {
    // A team of its own, so this file's other invitations do not count against the per-team limit.
    const teamId = await makeTeam('Concurrent invitations');
    const path = `/teams/${teamId}/invitations`;
    const created = await Promise.all(
      Array.from({ length: 6 }, () =>
        api<Row>('POST', path, { cookie: world.alice, body: { data: { email: 'erin@example.com' } } }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(6).fill(201));
    const pending = await Invitation.where({ teamId, email: 'erin@example.com' }).scope('pending').pluck('id');
    expect(pending).toHaveLength(1);
    // The one left is the one created last, so the newest mail's link is the one that works.
    expect(pending[0]).toBe(Math.max(...created.map((response) => response.body.id as number)));
  });

  it('is owners only: members 403, other teams 404, anonymous 401, API keys 403', async () => {
    const { id } = await invite('frank@example.com');
    for (const [method, path] of [
      ['GET', invitations],
      ['POST', invitations],
      ['GET', `${invitations}/${id}`],
      ['PATCH', `${invitations}/${id}`],
      ['DELETE', `${invitations}/${id}`],
    ] as const) {
      const body = method === 'POST' || method === 'PATCH' ? { email: 'x@example.com', role: 'owner' } : undefined;
      expect((await api(method, path, { cookie: world.bob, body })).status, `${method} ${path}`).toBe(403);
      expect((await api(method, path, { cookie: world.carol, body })).status, `${method} ${path}`).toBe(404);
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    const key = await api<Row>('POST', `/teams/${world.acme.id}/api-keys`, {
      cookie: world.alice,
      body: { name: 'k' },
    });
    expect((await api('GET', invitations, { token: key.body.token as string })).status).toBe(403);
    expect(await Invitation.findBy({ id })).not.toBeNull();
  });

  /**
   * Runs `request` while another request demotes Alice under the team lock (as MemberController does), and
   * commits the demotion once `request` waits or answers. The request's context read her as an owner.
   */
  async function whileAliceIsDemoted<T>(request: () => Promise<T>): Promise<T> {
    const aliceId = (await User.findBy({ email: 'alice@example.com' }))?.id as number;
    const demotion = await holdOpen(async () => {
      await db().execute(sql`select id from teams where id = ${world.acme.id} for no key update`);
      await Membership.where({ teamId: world.acme.id, userId: aliceId }).updateAll({ role: 'member' });
    });
    const requesting = request();
    await Promise.race([waitForLockWaiter(), requesting]);
    await demotion.release();
    try {
      return await requesting;
    } finally {
      await Membership.where({ teamId: world.acme.id, userId: aliceId }).updateAll({ role: 'owner' });
    }
  }

  it('an owner demoted while inviting gets 403 and sends nothing: the invitation waits for the demotion', async () => {
    const invited = await whileAliceIsDemoted(() =>
      api<ErrorBody>('POST', invitations, {
        cookie: world.alice,
        body: { data: { email: 'demoted-inviter@example.com', role: 'owner' } },
      }),
    );
    expect(invited.status).toBe(403);
    expect(invited.body.error.message).toBe('Only team owners can do this');
    expect(await Invitation.where({ email: 'demoted-inviter@example.com' }).exists()).toBe(false);
    expect(sentMails()).toEqual([]);
  });

  it('an owner demoted while changing the role an invitation grants gets 403, and the role stays', async () => {
    const { id } = await invite('demoted-changer@example.com', 'member');
    const changed = await whileAliceIsDemoted(() =>
      api<ErrorBody>('PATCH', `${invitations}/${id}`, { cookie: world.alice, body: { role: 'owner' } }),
    );
    expect(changed.status).toBe(403);
    expect(await Invitation.find(id)).toMatchObject({ role: 'member' });
  });

  it('an owner demoted while revoking an invitation gets 403, and the invitation stays', async () => {
    const { id } = await invite('demoted-revoker@example.com', 'member');
    const revoked = await whileAliceIsDemoted(() =>
      api<ErrorBody>('DELETE', `${invitations}/${id}`, { cookie: world.alice }),
    );
    expect(revoked.status).toBe(403);
    expect(await Invitation.find(id)).toMatchObject({ status: 'pending' });
  });

  it("another team's invitation is a 404 under my team's URL", async () => {
    const globexInvite = await api<Row>('POST', `/teams/${world.globex.id}/invitations`, {
      cookie: world.carol,
      body: { email: 'gina@example.com' },
    });
    const id = globexInvite.body.id as number;
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await api(method, `${invitations}/${id}`, {
        cookie: world.alice,
        body: method === 'PATCH' ? { role: 'owner' } : undefined,
      });
      expect(response.status, method).toBe(404);
    }
    expect(await Invitation.find(id)).toMatchObject({ role: 'member' });
    // Nor does the Acme list show it.
    const list = await api<Index>('GET', invitations, { cookie: world.alice });
    expect(list.body.data.map((row) => row.id)).not.toContain(id);
  });
});

describe('the per-team limit', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_INVITATION_CREATE for one team, and mails nothing more', async () => {
    await withRule('invitationCreate', { points: 2, durationSeconds: 3600 }, async () => {
      await db().delete(rateLimits); // the invitations of earlier tests counted too
      try {
        await invite('limit-1@example.com');
        await invite('limit-2@example.com');
        const refused = await api<ErrorBody>('POST', invitations, {
          cookie: world.alice,
          body: { data: { email: 'limit-3@example.com' } },
        });
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
        expect(sentMails().map((mail) => mail.to)).not.toContain('limit-3@example.com');
      } finally {
        await db().delete(rateLimits);
      }
    });
  });
});

describe('the limits across teams', () => {
  /** Runs `body` with `name` at two a window, on a clean count; restores the rule afterwards. */
  async function withTwoAllowed(name: 'invitationAddress' | 'invitationUser', body: () => Promise<void>) {
    await withRule(name, { points: 2, durationSeconds: 3600 }, async () => {
      await db().delete(rateLimits);
      try {
        await body();
      } finally {
        await db().delete(rateLimits);
      }
    });
  }

  it('one address is invited at most RATE_LIMIT_INVITATION_ADDRESS times, whichever teams invite it', async () => {
    await withTwoAllowed('invitationAddress', async () => {
      const otherTeam = await makeTeam('Alice Two');
      await invite('flooded@example.com');
      expect(
        (
          await api('POST', `/teams/${otherTeam}/invitations`, {
            cookie: world.alice,
            body: { data: { email: 'flooded@example.com' } },
          })
        ).status,
      ).toBe(201);
      clearSentMails();
      // Any case and spacing is the same address.
      const refused = await api<ErrorBody>('POST', `/teams/${otherTeam}/invitations`, {
        cookie: world.alice,
        body: { data: { email: ' Flooded@Example.com ' } },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe('Too many invitations to this address, try again later');
      expect(sentMails()).toEqual([]);
      await invite('someone-else@example.com');
    });
  });

  it('one user sends at most RATE_LIMIT_INVITATION_USER invitations across their teams', async () => {
    await withTwoAllowed('invitationUser', async () => {
      const otherTeam = await makeTeam('Alice Three');
      await invite('user-limit-1@example.com');
      await invite('user-limit-2@example.com');
      clearSentMails();
      const refused = await api<ErrorBody>('POST', `/teams/${otherTeam}/invitations`, {
        cookie: world.alice,
        body: { data: { email: 'user-limit-3@example.com' } },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe('Too many invitations sent, try again later');
      expect(sentMails()).toEqual([]);
    });
  });
});

describe("an invitation's status", () => {
  it('is a computed field of the model: in the typed client and the API description, not only on the wire', () => {
    expectTypeOf<InvitationControllerRecord['status']>().toEqualTypeOf<'pending' | 'accepted' | 'expired'>();
    const { schemas } = openApiDocument().components as {
      schemas: Record<string, { properties: Row; required: string[] }>;
    };
    const schema = schemas.Invitation as { properties: Row; required: string[] };
    expect(schema.properties.status).toEqual({ type: 'string', enum: ['pending', 'accepted', 'expired'] });
    expect(schema.required).toContain('status'); // the contract test refuses an answer without it
  });
});

describe('listing, changing, revoking', () => {
  it('lists pending invitations in a constant number of statements', async () => {
    await invite('h1@example.com');
    await invite('h2@example.com');
    const { result, count } = await countQueries(() => api<Index>('GET', invitations, { cookie: world.alice }));
    expect(result.status).toBe(200);
    expect(result.body.data.every((row) => row.status === 'pending')).toBe(true);
    // Context, page (its rows give the total), inviters.
    expect(count).toBe(3);
  });

  it('owners change the role of a pending invitation and revoke it (its link stops working)', async () => {
    const { id, token } = await invite('ivan@example.com');
    const changed = await api<Row>('PATCH', `${invitations}/${id}`, {
      cookie: world.alice,
      body: { role: 'owner', email: 'x@example.com' },
    });
    expect(changed.body).toMatchObject({ role: 'owner', email: 'ivan@example.com' });
    expect((await api('DELETE', `${invitations}/${id}`, { cookie: world.alice })).status).toBe(200);
    await User.create({ email: 'ivan@example.com', name: 'Ivan' });
    const refused = await accept(token, await signIn('ivan@example.com'));
    expect(refused.status).toBe(404);
  });
});

describe('accepting', () => {
  it('joins with the invited role, once', async () => {
    const { id, token } = await invite('dave@example.com', 'owner');
    const lookup = await api<Row>('POST', '/invitations/lookup', { body: { token } });
    expect(lookup.body).toMatchObject({
      teamName: 'Acme',
      email: 'dave@example.com',
      role: 'owner',
      status: 'pending',
    });

    expect((await accept(token)).status).toBe(401);
    const accepted = await accept(token, dave);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ teamId: world.acme.id, teamName: 'Acme', role: 'owner' });
    expect((await Membership.findBy({ teamId: world.acme.id, userId: daveId }))?.role).toBe('owner');
    expect(await Invitation.find(id)).toMatchObject({ acceptedById: daveId, status: 'accepted' });
    expect((await api('GET', `/teams/${world.acme.id}/members`, { cookie: dave })).status).toBe(200);
    // An accepted invitation is history: no role change, no revoke.
    for (const [method, body] of [
      ['PATCH', { role: 'member' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await api<ErrorBody>(method, `${invitations}/${id}`, { cookie: world.alice, body });
      expect(refused.status, method).toBe(422);
      expect(refused.body.error.fields?.base).toEqual(['This invitation has been accepted']);
    }

    // Used: a second use is refused, whoever tries (and the lookup says so).
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();
    const again = await accept(token, dave);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe('This invitation has already been used');
    expect(await Membership.findBy({ teamId: world.acme.id, userId: daveId })).toBeNull();
    expect((await api<Row>('POST', '/invitations/lookup', { body: { token } })).body.status).toBe('accepted');
  });

  /**
   * Runs `change` (a request) while an accept holds the invitation row, as accept does between reading the
   * invitation and committing the membership; accept commits once `change` waits on the lock.
   */
  async function duringAccept<T>(id: number, role: 'owner' | 'member', change: () => Promise<T>): Promise<T> {
    const accepting = await holdOpen(
      () => db().execute(sql`select id from invitations where id = ${id} for update`),
      async () => {
        await Membership.create({ teamId: world.acme.id, userId: daveId, role });
        await Invitation.where({ id }).updateAll({ acceptedAt: new Date(), acceptedById: daveId });
      },
    );
    const changing = change();
    await waitForLockWaiter();
    await accepting.release();
    return changing;
  }

  it('a revoke that waited on an accept in progress is a 422, and the accepted invitation stays', async () => {
    const { id } = await invite('dave@example.com');
    const revoked = await duringAccept(id, 'member', () =>
      api<ErrorBody>('DELETE', `${invitations}/${id}`, { cookie: world.alice }),
    );
    expect(revoked.status).toBe(422);
    expect(revoked.body.error.fields?.base).toEqual(['This invitation has been accepted']);
    expect(await Invitation.find(id)).toMatchObject({ status: 'accepted', acceptedById: daveId });
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();
  });

  it('a role change that waited on an accept in progress is a 422: the owner is not told "member" of an owner', async () => {
    const { id } = await invite('dave@example.com', 'owner');
    const changed = await duringAccept(id, 'owner', () =>
      api<ErrorBody>('PATCH', `${invitations}/${id}`, { cookie: world.alice, body: { role: 'member' } }),
    );
    expect(changed.status).toBe(422);
    expect(changed.body.error.fields?.base).toEqual(['This invitation has been accepted']);
    expect(await Invitation.find(id)).toMatchObject({ status: 'accepted', role: 'owner' });
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();
  });

  it('concurrent accepts of one link: one membership', async () => {
    const { token } = await invite('dave@example.com');
    const other = await signIn('dave@example.com');
    const statuses = (await Promise.all([accept(token, dave), accept(token, other)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422]);
    expect(await Membership.where({ teamId: world.acme.id, userId: daveId }).count()).toBe(1);
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();
  });

  it('two invitations of one person accepted at once: one membership, and the other is the 409 of a member', async () => {
    // Creating replaces a pending invitation of the same address, so the second pending one is made directly.
    const first = await invite('dave@example.com');
    const token = 'second-pending-invitation-token';
    await Invitation.create({
      teamId: world.acme.id,
      email: 'dave@example.com',
      role: 'member',
      tokenHash: hashInvitationToken(token),
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    });
    // Both accepts pass the membership check, then wait at the insert (its team reference) until this commits.
    const team = await holdOpen(() => db().execute(sql`select id from teams where id = ${world.acme.id} for update`));
    const accepting = Promise.all([accept(first.token, dave), accept(token, dave)]);
    await waitForLockWaiter(2);
    await team.release();
    const answers = await accepting;
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.body.error.message).toBe('You are already a member of this team');
    expect(await Membership.where({ teamId: world.acme.id, userId: daveId }).count()).toBe(1);
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();
  });

  it('refuses another email (403), an expired link (422), an unknown token (404), without saying more', async () => {
    const forDave = await invite('dave@example.com');
    const wrong = await accept(forDave.token, world.carol);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toMatch(/another email address/);
    expect(wrong.body.error.message).not.toContain('dave');

    await Invitation.where({ id: forDave.id }).updateAll({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await accept(forDave.token, dave);
    expect(expired.status).toBe(422);
    expect(expired.body.error.message).toMatch(/expired/);

    for (const token of ['x'.repeat(43), forDave.token.slice(0, -1), hashInvitationToken(forDave.token)]) {
      const unknown = await accept(token, dave);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Invitation not found' } });
    }
    expect((await api('POST', '/invitations/lookup', { body: { token: 'x'.repeat(43) } })).status).toBe(404);
    expect((await accept('', dave)).status).toBe(400);
    expect(await Membership.findBy({ teamId: world.acme.id, userId: daveId })).toBeNull();
  });

  it('an existing member gets 409 and the invitation stays pending', async () => {
    const invited = await invite('dave@example.com');
    await Membership.create({ teamId: world.acme.id, userId: daveId, role: 'member' });
    const conflict = await accept(invited.token, dave);
    expect(conflict.status).toBe(409);
    expect((await Invitation.find(invited.id)).status).toBe('pending');
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();
  });

  it('an invitation joins its own team only, whatever ids the request carries', async () => {
    const invited = await invite('dave@example.com');
    const response = await api<Row>('POST', '/invitations/accept', {
      cookie: dave,
      body: { token: invited.token, teamId: world.globex.id, role: 'owner' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ teamId: world.acme.id, role: 'member' });
    expect(await Membership.findBy({ teamId: world.globex.id, userId: daveId })).toBeNull();
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();
  });
});

describe('declining', () => {
  // Declines count toward the per-address limit with accepts, and this file's accepts used most of it.
  beforeEach(() => db().delete(rateLimits));

  function decline(token: string, cookie?: string) {
    return api<Row & ErrorBody>('POST', '/invitations/decline', { cookie, body: { token } });
  }

  it('only the invited email declines; the invitation goes, so its link stops working', async () => {
    const { id, token } = await invite('dave@example.com');
    expect((await decline(token)).status).toBe(401);
    const wrong = await decline(token, world.carol);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toMatch(/another email address/);
    expect((await Invitation.find(id)).status).toBe('pending');

    const declined = await decline(token, dave);
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ teamName: 'Acme' });
    expect(await Invitation.findBy({ id })).toBeNull();
    expect((await api('POST', '/invitations/lookup', { body: { token } })).status).toBe(404);
    expect((await accept(token, dave)).status).toBe(404);
    expect((await decline(token, dave)).status).toBe(404);
    expect(await Membership.findBy({ teamId: world.acme.id, userId: daveId })).toBeNull();
  });

  it('an accepted or expired invitation cannot be declined (422) and stays as it was', async () => {
    const used = await invite('dave@example.com');
    expect((await accept(used.token, dave)).status).toBe(200);
    const late = await decline(used.token, dave);
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe('This invitation has already been used');
    expect((await Invitation.find(used.id)).status).toBe('accepted');
    await Membership.where({ teamId: world.acme.id, userId: daveId }).deleteAll();

    const old = await invite('dave@example.com');
    await Invitation.where({ id: old.id }).updateAll({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await decline(old.token, dave);
    expect(expired.status).toBe(422);
    expect(expired.body.error.message).toMatch(/expired/);
    expect((await Invitation.find(old.id)).status).toBe('expired');
  });
});
