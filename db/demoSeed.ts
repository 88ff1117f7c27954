/**
 * The development data: Acme (Alice owner, Bob member) and Globex (Carol
 * owner), every user's password DEMO_PASSWORD (the sign-in page offers them
 * as one-click sign-ins in development), and the demo's records. Every value
 * is fixed (dates too), and each row is found by its natural key before it
 * is written, so running the seed again restores exactly this data without
 * duplicating anything.
 *
 * Replace it with your own data; register seeders in db/seed.ts.
 */
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';

import { db } from './database';
import { Campaign, Membership, Post, Team, User } from './models';
import { accounts, type CampaignStatus, type Role } from './schema';
import type { Seeder } from './seed';

const USERS = [
  { email: 'alice@example.com', name: 'Alice' },
  { email: 'bob@example.com', name: 'Bob' },
  { email: 'carol@example.com', name: 'Carol' },
] as const;

interface TeamSeed {
  name: string;
  members: { email: string; role: Role }[];
  // demo:begin
  campaigns: string[];
  // demo:end
}

const TEAMS: TeamSeed[] = [
  {
    name: 'Acme',
    members: [
      { email: 'alice@example.com', role: 'owner' },
      { email: 'bob@example.com', role: 'member' },
    ],
    // demo:begin
    // Some names carry `%` and `_` so the search box can show they match literally.
    campaigns: [
      'Spring Launch',
      'Summer Sale',
      '50% Off Weekend',
      'Back to School',
      'Black Friday',
      'Cyber Monday',
      'Holiday Gift Guide',
      'New Year Kickoff',
      'launch_v2 teaser',
      'Product Hunt Day',
      'Customer Stories',
      'Webinar Series',
      'Referral Program',
      'Loyalty Rewards',
      'Brand Refresh',
      'Partner Co-marketing',
      'Free Trial Push',
      'Churn Win-back',
      'App Store Feature',
      'Podcast Sponsorship',
      'Trade Show 2026',
      'Influencer Pilot',
      'Newsletter Revamp',
      '100% Satisfaction',
      'Onboarding Emails',
      'Pricing Page Test',
      'Case Study Sprint',
      'Community Meetup',
      'Feature_Flags Beta',
      'Year in Review',
    ],
    // demo:end
  },
  {
    name: 'Globex',
    members: [{ email: 'carol@example.com', role: 'owner' }],
    // demo:begin
    campaigns: ['Globex Launch', 'Hammock District', 'Evil Plan Q3', 'Volcano Lair Tour', 'Globex Rewards'],
    // demo:end
  },
];

// demo:begin
const STATUSES: CampaignStatus[] = ['draft', 'active', 'draft', 'archived', 'active'];
const BUDGETS: (number | null)[] = [5000, null, 12_500, 0, 250_000, 1200, null, 75_000, 999_999, 30_000];
// Fixed dates: a second run writes the same values.
const EPOCH = Date.UTC(2026, 0, 31, 12, 0, 0);
const DAY = 24 * 3600 * 1000;
// demo:end

function fail(what: string, errors: Record<string, string[]>): never {
  throw new Error(`could not seed ${what}: ${JSON.stringify(errors)}`);
}

/**
 * Every demo user signs in with this password: demo data for development and
 * tests, never seed it into a production database. Documented in docs/auth.md.
 */
export const DEMO_PASSWORD = 'demo-password';

async function seedUser(attributes: { email: string; name: string }): Promise<User> {
  const user = (await User.findBy({ email: attributes.email })) ?? User.build({ email: attributes.email });
  if (!(await user.update({ name: attributes.name }))) fail(`user ${attributes.email}`, user.errors);
  await seedPassword(user.id);
  return user;
}

/**
 * better-auth's password account (`providerId: 'credential'`), with a scrypt
 * hash of DEMO_PASSWORD. Kept when it still verifies (a hash is salted: a new
 * one on every run would change the data), reset when the user changed it.
 */
async function seedPassword(userId: number): Promise<void> {
  const where = and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'));
  const [account] = await db().select({ id: accounts.id, password: accounts.password }).from(accounts).where(where);
  if (account?.password && (await verifyPassword({ hash: account.password, password: DEMO_PASSWORD }))) return;
  const password = await hashPassword(DEMO_PASSWORD);
  if (account) await db().update(accounts).set({ password }).where(eq(accounts.id, account.id));
  else
    await db()
      .insert(accounts)
      .values({ userId, providerId: 'credential', accountId: String(userId), password });
}

async function seedTeam(spec: TeamSeed, users: Map<string, User>): Promise<void> {
  const team = (await Team.findBy({ name: spec.name })) ?? (await Team.create({ name: spec.name }));
  if (!team.isPersisted) fail(`team ${spec.name}`, team.errors);
  for (const { email, role } of spec.members) {
    const userId = (users.get(email) as User).id;
    const membership = await Membership.findOrCreateBy({ teamId: team.id, userId }, { role });
    if (!(await membership.update({ role }))) fail(`membership ${email}`, membership.errors);
  }
  // demo:begin
  await seedCampaigns(
    team,
    spec.campaigns,
    spec.members.map(({ email }) => users.get(email) as User),
  );
  // demo:end
}

// demo:begin
/** 30 Acme and 5 Globex campaigns of mixed status, budget and name, each with 1-3 posts. */
async function seedCampaigns(team: Team, names: readonly string[], creators: readonly User[]): Promise<void> {
  for (const [i, name] of names.entries()) {
    const status = STATUSES[i % STATUSES.length] as CampaignStatus;
    const createdAt = new Date(EPOCH - i * DAY);
    const campaign =
      (await Campaign.findBy({ teamId: team.id, name })) ?? Campaign.build({ teamId: team.id, name, createdAt });
    const saved = await campaign.update({
      budget: BUDGETS[i % BUDGETS.length] ?? null,
      status,
      createdById: (creators[i % creators.length] as User).id,
      publishedAt: status === 'draft' ? null : new Date(createdAt.getTime() + DAY / 2),
      createdAt,
    });
    if (!saved) fail(`campaign ${name}`, campaign.errors);
    for (let n = 1; n <= 1 + (i % 3); n++) {
      const title = `${name}: update ${n}`;
      const post =
        (await Post.findBy({ campaignId: campaign.id, title })) ??
        Post.build({ teamId: team.id, campaignId: campaign.id, title });
      const body = `Notes for ${name}, part ${n}.`;
      if (!(await post.update({ body, createdAt: new Date(createdAt.getTime() + n * 3600 * 1000) }))) {
        fail(`post ${title}`, post.errors);
      }
    }
  }
}
// demo:end

export const demoSeeder: Seeder = {
  name: 'demo users and teams',
  async run() {
    const users = new Map<string, User>();
    for (const attributes of USERS) users.set(attributes.email, await seedUser(attributes));
    for (const team of TEAMS) await seedTeam(team, users);
  },
};
