/**
 * /api/teams: any signed-in user creates a team and owns it (one
 * transaction); the list and detail reach the caller's teams only; owners
 * rename; deleting is not offered; API keys cannot manage teams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRule } from '@/backend/rateLimit/testing/withRule';
import { closeDb, db } from '@/db/database';
import { Membership, Team, User } from '@/db/models';
import { rateLimits } from '@/db/schema';
import { countQueries, ONE_LINE } from '@/server';
import { api, type DemoWorld, seedDemo } from './testClient';

type Row = Record<string, unknown>;
type Index = { data: Row[]; pagination: Row };

let world: DemoWorld;
let carolId: number;

beforeAll(async () => {
  world = await seedDemo();
  carolId = ((await User.findBy({ email: 'carol@example.com' })) as User).id;
});
afterAll(closeDb);

describe('POST /api/teams', () => {
  it('creates the team with the caller as its owner', async () => {
    const response = await api<Row>('POST', '/teams', { cookie: world.carol, body: { data: { name: ' Initech ' } } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Initech' });
    const teamId = response.body.id as number;
    const memberships = await Membership.where({ teamId }).toArray();
    expect(memberships.map((m) => [m.userId, m.role])).toEqual([[carolId, 'owner']]);
    // The new team is reachable right away (the next request's context has the membership).
    expect((await api('GET', `/teams/${teamId}/members`, { cookie: world.carol })).status).toBe(200);
    const list = await api<Index>('GET', '/teams', { cookie: world.carol });
    expect(list.body.data.map((team) => team.name)).toEqual(['Initech', 'Globex']);
  });

  it('ignores fields it does not permit, validates the name, and writes nothing on failure', async () => {
    const before = await Team.all().count();
    const created = await api<Row>('POST', '/teams', {
      cookie: world.bob,
      body: { data: { name: 'Hooli', id: 999_999, createdAt: '2000-01-01T00:00:00Z' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(999_999);
    expect(created.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    for (const name of [' ', 'x'.repeat(101), 42]) {
      const bad = await api<{ error: { fields: Row } }>('POST', '/teams', { cookie: world.bob, body: { name } });
      expect(bad.status, String(name)).toBe(422);
      expect(bad.body.error.fields.name).toBeDefined();
    }
    expect(await Team.all().count()).toBe(before + 1);
    expect(await Membership.where({ teamId: created.body.id as number }).count()).toBe(1);
  });

  it('refuses a name with nothing visible (zero-width, bidi isolates, soft hyphen) as blank, writing nothing', async () => {
    const before = await Team.all().count();
    for (const name of ['\u200b\u200d', '\u2066\u2069', '\u00ad', ' \ufeff\u200b ']) {
      const bad = await api<{ error: { fields: Row } }>('POST', '/teams', { cookie: world.bob, body: { name } });
      expect(bad.status, JSON.stringify(name)).toBe(422);
      expect(bad.body.error.fields).toEqual({ name: ["can't be blank"] });
    }
    expect(await Team.all().count()).toBe(before);
    // Invisible characters inside a name that shows are kept as given.
    const kept = await api<Row>('POST', '/teams', { cookie: world.bob, body: { name: 'Z\u200bero' } });
    expect(kept.status).toBe(201);
    expect((await Team.find(kept.body.id as number)).name).toBe('Z\u200bero');
  });

  it('refuses a name of more than one line (it would start lines of its own in a mail), writing nothing', async () => {
    const before = await Team.all().count();
    for (const name of ['Acme Payroll\n\nYour account is suspended.', 'Acme\r\nPayroll', 'Acme\u2028Payroll']) {
      const bad = await api<{ error: { fields: Row } }>('POST', '/teams', { cookie: world.bob, body: { name } });
      expect(bad.status, JSON.stringify(name)).toBe(422);
      expect(bad.body.error.fields).toEqual({ name: [ONE_LINE] });
    }
    expect(await Team.all().count()).toBe(before);
  });

  it('trims whitespace and invisible format characters at both ends ("Acme\\u200f" looked exactly like "Acme")', async () => {
    const created = await api<Row>('POST', '/teams', {
      cookie: world.bob,
      body: { name: '\u200b Trimmed Co\u200f\u2060\ufeff ' },
    });
    expect(created.status).toBe(201);
    expect((await Team.find(created.body.id as number)).name).toBe('Trimmed Co');
    const renamed = await api<Row>('PATCH', `/teams/${created.body.id}`, {
      cookie: world.bob,
      body: { name: 'Trimmed\u202e Inc\u202c\u200e' },
    });
    expect(renamed.status).toBe(200);
    expect((await Team.find(created.body.id as number)).name).toBe('Trimmed\u202e Inc');
  });

  it('needs a signed-in user (401), not an API key (403)', async () => {
    expect((await api('POST', '/teams', { body: { name: 'Anon' } })).status).toBe(401);
    const key = await api<Row>('POST', `/teams/${world.acme.id}/api-keys`, {
      cookie: world.alice,
      body: { name: 'k' },
    });
    const byKey = await api('POST', '/teams', { token: key.body.token as string, body: { name: 'By key' } });
    expect(byKey.status).toBe(403);
    expect(await Team.findBy({ name: 'By key' })).toBeNull();
  });

  it('answers 429 with Retry-After past RATE_LIMIT_TEAM_CREATE for one user, and creates nothing more', async () => {
    await withRule('teamCreate', { points: 2, durationSeconds: 3600 }, async () => {
      await db().delete(rateLimits); // teams of earlier tests counted too
      try {
        const create = (name: string) => api('POST', '/teams', { cookie: world.bob, body: { data: { name } } });
        expect((await create('Limit 1')).status).toBe(201);
        expect((await create('Limit 2')).status).toBe(201);
        const refused = await create('Limit 3');
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
        expect(await Team.findBy({ name: 'Limit 3' })).toBeNull();
        // Per user: another account still creates.
        expect((await api('POST', '/teams', { cookie: world.carol, body: { data: { name: 'Limit 4' } } })).status).toBe(
          201,
        );
      } finally {
        await db().delete(rateLimits);
      }
    });
  });
});

describe('reading and renaming', () => {
  it("lists the caller's teams only, in a constant number of statements", async () => {
    const { result, count } = await countQueries(() => api<Index>('GET', '/teams', { cookie: world.alice }));
    expect(result.status).toBe(200);
    expect(result.body.data.map((team) => team.name)).toEqual(['Acme']);
    // The context (user + memberships), then the page (its rows give the total).
    expect(count).toBe(2);
    expect((await api('GET', '/teams')).status).toBe(401);
  });

  it('another team is a 404 on every record route, whoever asks', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Mine now' }],
    ] as const) {
      const response = await api<Row>(method, `/teams/${world.globex.id}`, { cookie: world.alice, body });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Team not found' } });
    }
    expect((await Team.find(world.globex.id)).name).toBe('Globex');
  });

  it('owners rename; members get 403; deleting is not offered (405, listed nowhere)', async () => {
    const team = `/teams/${world.acme.id}`;
    expect((await api('PATCH', team, { cookie: world.bob, body: { name: 'Bob Co' } })).status).toBe(403);
    const renamed = await api<Row>('PATCH', team, { cookie: world.alice, body: { name: 'Acme Inc' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Acme Inc');
    expect((await api<Row>('GET', team, { cookie: world.bob })).body.name).toBe('Acme Inc');
    const invisible = await api<{ error: { fields: Row } }>('PATCH', team, {
      cookie: world.alice,
      body: { name: '\u2066\u2069' },
    });
    expect(invisible.status).toBe(422);
    expect(invisible.body.error.fields).toEqual({ name: ["can't be blank"] });
    expect((await Team.find(world.acme.id)).name).toBe('Acme Inc');
    // `except: ['destroy']`: no route, so a 405 naming what the path takes, for any team, and nothing
    // advertises DELETE (OPTIONS, the tRPC router).
    for (const id of [world.acme.id, world.globex.id]) {
      const refused = await api('DELETE', `/teams/${id}`, { cookie: world.alice });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, PATCH, HEAD, OPTIONS');
    }
    const options = await api('OPTIONS', team, { cookie: world.alice });
    expect(options.headers.get('allow')).toBe('GET, PATCH, HEAD, OPTIONS');
    const trpc = await api('POST', '/trpc/teams.destroy', { cookie: world.alice, body: { id: world.acme.id } });
    expect(trpc.status).toBe(404);
    expect(await Team.findBy({ id: world.acme.id })).not.toBeNull();
    expect(await Team.findBy({ id: world.globex.id })).not.toBeNull();
  });
});
