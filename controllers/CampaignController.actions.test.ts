// demo:file (npm run demo:remove deletes this file)
/**
 * The custom endpoints of /api/teams/:teamId/campaigns (publish, bulk
 * publish/archive, stats, score, duplicate) through the app's handler, signed
 * in with real session cookies, on the seeded demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { Campaign, Post, User } from '@/db/models';
import { Asset, Attachment, countQueries } from '@/server';
import { api, type DemoWorld, makeCampaign, makeTeam, seedDemo } from './testClient';

type Row = Record<string, unknown>;

let world: DemoWorld;
let acme: number;
let globex: number;
let aliceId: number;

beforeAll(async () => {
  world = await seedDemo();
  acme = world.acme.id;
  globex = world.globex.id;
  aliceId = ((await User.findBy({ email: 'alice@example.com' })) as User).id;
});
afterAll(closeDb);

describe('publish', () => {
  it('moves a draft to active and stamps publishedAt; active stays active', async () => {
    const campaign = await makeCampaign(acme, { name: 'To publish' });
    const response = await api<Row>('POST', `/teams/${acme}/campaigns/${campaign.id}/publish`, { cookie: world.bob });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: campaign.id, status: 'active' });
    const publishedAt = response.body.publishedAt as string;
    expect(Date.now() - Date.parse(publishedAt)).toBeLessThan(60_000);
    const again = await api<Row>('POST', `/teams/${acme}/campaigns/${campaign.id}/publish`, { cookie: world.bob });
    expect(again.body).toMatchObject({ status: 'active', publishedAt });
  });

  it('refuses an archived campaign with 422, and another team’s campaign with 404', async () => {
    const archived = await makeCampaign(acme, { name: 'Old', status: 'archived' });
    const response = await api('POST', `/teams/${acme}/campaigns/${archived.id}/publish`, { cookie: world.alice });
    expect(response.status).toBe(422);
    expect((response.body as { error: Row }).error.fields).toEqual({
      base: ['An archived campaign cannot be published'],
    });
    expect((await Campaign.find(archived.id)).status).toBe('archived');
    const foreign = await makeCampaign(globex, { name: 'Globex draft' });
    expect((await api('POST', `/teams/${acme}/campaigns/${foreign.id}/publish`, { cookie: world.alice })).status).toBe(
      404,
    );
    expect((await Campaign.find(foreign.id)).status).toBe('draft');
  });
});

describe('bulk publish and bulk archive', () => {
  it('bulk-publish publishes the team’s drafts among ids and counts them', async () => {
    const [a, b, archived, active] = await Promise.all([
      makeCampaign(acme, { name: 'BP a' }),
      makeCampaign(acme, { name: 'BP b' }),
      makeCampaign(acme, { name: 'BP archived', status: 'archived' }),
      makeCampaign(acme, { name: 'BP active', status: 'active' }),
    ]);
    const foreign = await makeCampaign(globex, { name: 'BP foreign' });
    const ids = [a, b, archived, active, foreign].map((c) => c.id);
    const response = await api('POST', `/teams/${acme}/campaigns/bulk-publish`, {
      cookie: world.bob,
      body: { ids: [...ids, 99999] },
    });
    expect(response).toMatchObject({ status: 200, body: { published: 2 } });
    const statuses = await Promise.all(ids.map(async (id) => (await Campaign.find(id)).status));
    expect(statuses).toEqual(['active', 'active', 'archived', 'active', 'draft']);
  });

  it('bulk-archive is owners only (403 for Bob, nothing changes)', async () => {
    const campaign = await makeCampaign(acme, { name: 'BA bob' });
    const response = await api('POST', `/teams/${acme}/campaigns/bulk-archive`, {
      cookie: world.bob,
      body: { ids: [campaign.id] },
    });
    expect(response.status).toBe(403);
    expect((await Campaign.find(campaign.id)).status).toBe('draft');
  });

  it('bulk-archive is one UPDATE limited to the team and the ids', async () => {
    const mine = await Promise.all([
      makeCampaign(acme, { name: 'BA 1' }),
      makeCampaign(acme, { name: 'BA 2', status: 'active' }),
      makeCampaign(acme, { name: 'BA 3', status: 'archived' }),
    ]);
    const untouched = await makeCampaign(acme, { name: 'BA untouched' });
    const foreign = await makeCampaign(globex, { name: 'BA foreign' });
    const { result, statements } = await countQueries(() =>
      api('POST', `/teams/${acme}/campaigns/bulk-archive`, {
        cookie: world.alice,
        body: { ids: [...mine.map((c) => c.id), foreign.id] },
      }),
    );
    expect(result).toMatchObject({ status: 200, body: { archived: 2 } });
    // The context's statement, then exactly one UPDATE and nothing else.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^update "campaigns"/);
    expect((await Campaign.find(untouched.id)).status).toBe('draft');
    expect((await Campaign.find(foreign.id)).status).toBe('draft');
    expect((await Campaign.find(mine[1]?.id as number)).status).toBe('archived');
  });

  it('touches nothing with an empty list, and refuses a body without ids (400, not a 200 that did nothing)', async () => {
    const campaign = await makeCampaign(acme, { name: 'BA none' });
    const empty = await api('POST', `/teams/${acme}/campaigns/bulk-archive`, {
      cookie: world.alice,
      body: { ids: [] },
    });
    expect(empty.body).toEqual({ archived: 0 });
    for (const body of [{}, { ids: null }, null]) {
      for (const action of ['bulk-archive', 'bulk-publish']) {
        const response = await api('POST', `/teams/${acme}/campaigns/${action}`, { cookie: world.alice, body });
        expect(response.status, `${action} ${JSON.stringify(body)}`).toBe(400);
        // A body of JSON `null` is not an object, as `[]` is not: the body is what is wrong, not its ids.
        const fields = body === null ? { body: ['must be a JSON object'] } : { ids: [expect.any(String)] };
        expect(response.body, JSON.stringify(body)).toMatchObject({ error: { fields } });
      }
    }
    expect((await Campaign.find(campaign.id)).status).toBe('draft');
  });

  it('answers 400 for ids that are not a list of ids', async () => {
    for (const body of [{ ids: 'all' }, { ids: [1, 'x'] }, { ids: [-1] }, { ids: [1.5] }]) {
      const response = await api('POST', `/teams/${acme}/campaigns/bulk-archive`, { cookie: world.alice, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('stats, score and duplicate', () => {
  it('stats counts by status and sums budgets of the team only, in one statement', async () => {
    const team = await makeTeam('Stats Co');
    await makeCampaign(team, { name: 's1', budget: 100 });
    await makeCampaign(team, { name: 's2', budget: 250, status: 'active' });
    await makeCampaign(team, { name: 's3', budget: null, status: 'active' });
    await makeCampaign(team, { name: 's4', budget: 1_000_000_000, status: 'archived' });
    const { result, count } = await countQueries(() =>
      api('GET', `/teams/${team}/campaigns/stats`, { cookie: world.bob }),
    );
    expect(result).toMatchObject({
      status: 200,
      body: { total: 4, byStatus: { draft: 1, active: 2, archived: 1 }, totalBudget: 1_000_000_350 },
    });
    expect(count).toBe(2);
    const empty = await makeTeam('Empty Co');
    expect((await api('GET', `/teams/${empty}/campaigns/stats`, { cookie: world.alice })).body).toEqual({
      total: 0,
      byStatus: { draft: 0, active: 0, archived: 0 },
      totalBudget: 0,
    });
  });

  it('score rates completeness 0-100: budget, descriptive name, published, a post, a logo', async () => {
    const score = async (id: number, team = acme) =>
      (await api<Row>('GET', `/teams/${team}/campaigns/${id}/score`, { cookie: world.bob })).body;
    const bare = await makeCampaign(acme, { name: 'Bare' });
    expect(await score(bare.id)).toEqual({ id: bare.id, score: 0 });
    const half = await makeCampaign(acme, { name: 'Half done', budget: 5 });
    expect(await score(half.id)).toEqual({ id: half.id, score: 40 });

    const full = await makeCampaign(acme, {
      name: 'Full campaign',
      budget: 10,
      status: 'active',
      publishedAt: new Date(),
    });
    await Post.create({ teamId: acme, campaignId: full.id, title: 'Hello' });
    expect(await score(full.id)).toEqual({ id: full.id, score: 80 });
    // A logo row as attach() writes it (the upload flow itself is tested in UploadController.test.ts).
    const logo = await Asset.create({
      key: 'k/logo.png',
      filename: 'logo.png',
      contentType: 'image/png',
      status: 'ready',
    });
    await Attachment.create({ assetId: logo.id, attachableType: 'Campaign', attachableId: full.id, name: 'logo' });
    expect(await score(full.id)).toEqual({ id: full.id, score: 100 });
    // Another model's or slot's attachment does not count.
    const other = await makeCampaign(acme, { name: 'Docs only' });
    await Attachment.create({
      assetId: logo.id,
      attachableType: 'Campaign',
      attachableId: other.id,
      name: 'documents',
    });
    await Attachment.create({ assetId: logo.id, attachableType: 'Post', attachableId: other.id, name: 'logo' });
    expect(await score(other.id)).toEqual({ id: other.id, score: 20 });

    const foreign = await makeCampaign(globex, { name: 'Globex score' });
    expect((await api('GET', `/teams/${acme}/campaigns/${foreign.id}/score`, { cookie: world.alice })).status).toBe(
      404,
    );
  });

  it('duplicate makes a new draft copy owned by the caller', async () => {
    const source = await makeCampaign(acme, {
      name: 'Original',
      budget: 700,
      status: 'active',
      publishedAt: new Date(),
      createdById: aliceId,
    });
    const response = await api<Row>('POST', `/teams/${acme}/campaigns/${source.id}/duplicate`, {
      cookie: world.bob,
      body: {},
    });
    expect(response.status).toBe(200);
    const bob = (await User.findBy({ email: 'bob@example.com' })) as User;
    expect(response.body).toMatchObject({
      name: 'Original (copy)',
      budget: 700,
      status: 'draft',
      publishedAt: null,
      teamId: acme,
      createdById: bob.id,
    });
    expect(response.body.id).not.toBe(source.id);
    const named = await api<Row>('POST', `/teams/${acme}/campaigns/${source.id}/duplicate`, {
      cookie: world.bob,
      body: { name: 'Renamed', teamId: globex },
    });
    expect(named.body).toMatchObject({ name: 'Renamed', teamId: acme });
  });

  it('duplicate keeps the copy within 120 characters, and validates the name', async () => {
    const long = await makeCampaign(acme, { name: 'L'.repeat(120) });
    const copy = await api<Row>('POST', `/teams/${acme}/campaigns/${long.id}/duplicate`, { cookie: world.alice });
    expect(copy.status).toBe(200);
    expect(copy.body.name).toBe(`${'L'.repeat(113)} (copy)`);
    // Counted in characters, never cut inside one: 113 whole emoji, where a cut in UTF-16 units left half of one.
    const emoji = await makeCampaign(acme, { name: '😀'.repeat(120) });
    const emojiCopy = await api<Row>('POST', `/teams/${acme}/campaigns/${emoji.id}/duplicate`, { cookie: world.alice });
    expect(emojiCopy.status).toBe(200);
    expect(emojiCopy.body.name).toBe(`${'😀'.repeat(113)} (copy)`);
    expect((await Campaign.find(emojiCopy.body.id as number)).name).toBe(`${'😀'.repeat(113)} (copy)`);
    const blank = await api('POST', `/teams/${acme}/campaigns/${long.id}/duplicate`, {
      cookie: world.alice,
      body: { name: ' ' },
    });
    expect(blank.status).toBe(422);
    const typed = await api('POST', `/teams/${acme}/campaigns/${long.id}/duplicate`, {
      cookie: world.alice,
      body: { name: 7 },
    });
    expect(typed.status).toBe(400);
    const foreign = await makeCampaign(globex, { name: 'Not yours' });
    expect(
      (await api('POST', `/teams/${acme}/campaigns/${foreign.id}/duplicate`, { cookie: world.alice })).status,
    ).toBe(404);
  });
});
