/** `npm run db:seed` twice gives the same data (the seed is idempotent and fully deterministic). */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { closeDb, db } from './database';
import { Campaign, Membership, Team, User } from './models';
import { productionRefusal, seed } from './seed';

afterAll(closeDb);

/** Every seeded row, minus updatedAt (a re-save may bump it). */
async function snapshot() {
  const rows = async (query: ReturnType<typeof sql>) => [...(await db().execute(query))];
  return {
    users: await rows(sql`select id, email, name, created_at from users order by id`),
    accounts: await rows(sql`select id, user_id, provider_id, account_id, password from accounts order by id`),
    teams: await rows(sql`select id, name from teams order by id`),
    memberships: await rows(sql`select team_id, user_id, role from memberships order by id`),
    // demo:begin
    campaigns: await rows(
      sql`select id, team_id, name, budget, status, created_by_id, published_at, created_at from campaigns order by id`,
    ),
    posts: await rows(sql`select id, team_id, campaign_id, title, body, created_at from posts order by id`),
    // demo:end
  };
}

describe('db:seed', () => {
  it('seeds the users and teams, and a second run leaves exactly the same data', async () => {
    await seed();
    const first = await snapshot();
    expect(first.users.map((user) => user.email)).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
    ]);
    expect(first.accounts.map((account) => account.provider_id)).toEqual(['credential', 'credential', 'credential']);
    expect(first.teams.map((team) => team.name)).toEqual(['Acme', 'Globex']);
    expect(first.memberships.map((m) => m.role)).toEqual(['owner', 'member', 'owner']);

    await seed();
    expect(await snapshot()).toEqual(first);
  });

  // demo:begin
  it('seeds the demo campaigns and their posts', async () => {
    const acme = (await Team.findBy({ name: 'Acme' })) as Team;
    const globex = (await Team.findBy({ name: 'Globex' })) as Team;
    expect(await Campaign.where({ teamId: acme.id }).count()).toBe(30);
    expect(await Campaign.where({ teamId: globex.id }).count()).toBe(5);
    for (const status of ['draft', 'active', 'archived'] as const) {
      expect(await Campaign.where({ teamId: acme.id, status }).count(), status).toBeGreaterThan(0);
    }
    const postsPerCampaign = await db().execute(
      sql`select c.id, count(p.id)::int as n from campaigns c left join posts p on p.campaign_id = c.id group by c.id`,
    );
    expect(postsPerCampaign.every((row) => (row.n as number) >= 1 && (row.n as number) <= 3)).toBe(true);
  });
  // demo:end

  it('restores seeded values a user changed', async () => {
    const bob = (await User.findBy({ email: 'bob@example.com' })) as User;
    await bob.update({ name: 'Robert' });
    const acme = (await Team.findBy({ name: 'Acme' })) as Team;
    const membership = (await Membership.findBy({ teamId: acme.id, userId: bob.id })) as Membership;
    await membership.update({ role: 'owner' });
    await seed();
    expect((await User.find(bob.id)).name).toBe('Bob');
    expect((await Membership.find(membership.id)).role).toBe('member');
  });

  // demo:begin
  it('restores seeded campaign values a user changed', async () => {
    const campaign = (await Campaign.findBy({ name: 'Spring Launch' })) as Campaign;
    const before = campaign.attributes;
    await campaign.update({ status: 'archived', budget: 1 });
    await seed();
    const restored = await Campaign.find(campaign.id);
    expect([restored.status, restored.budget]).toEqual([before.status, before.budget]);
  });
  // demo:end
});

describe('db:seed in production', () => {
  it('refuses unless asked by name: the demo users sign in with a published password', () => {
    expect(productionRefusal('production', [])).toMatch(/^db:seed: NODE_ENV is production/);
    expect(productionRefusal('production', ['--production'])).toBeUndefined();
    expect(productionRefusal('development', [])).toBeUndefined();
  });

  it('the script stops before it connects, with exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'db/seed.ts'], {
      encoding: 'utf8',
      // A database nothing listens on: reaching it would print the driver's connection error instead.
      // biome-ignore lint/style/noProcessEnv: the child needs this process's PATH to find node's tools.
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('db:seed: NODE_ENV is production');
    expect(result.stderr).not.toContain('db:seed failed');
  });
});
