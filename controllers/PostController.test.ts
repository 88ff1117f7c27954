// demo:file (npm run demo:remove deletes this file)
/**
 * /api/teams/:teamId/campaigns/:campaignId/posts: two nested scopes, and the
 * guard's check that the campaign belongs to the team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { Campaign, Post } from '@/db/models';
import { countQueries } from '@/server';
import { api, type DemoWorld, makeCampaign, seedDemo } from './testClient';

type Row = Record<string, unknown>;
type Index = { data: Row[]; pagination: { totalCount: number; perPage: number } };

let world: DemoWorld;
let acme: number;
let globex: number;
let campaign: Campaign;
let other: Campaign;
let foreign: Campaign;

beforeAll(async () => {
  world = await seedDemo();
  acme = world.acme.id;
  globex = world.globex.id;
  campaign = await makeCampaign(acme, { name: 'Posts home' });
  other = await makeCampaign(acme, { name: 'Other campaign' });
  foreign = (await Campaign.findBy({ teamId: globex })) as Campaign;
});
afterAll(closeDb);

const base = () => `/teams/${acme}/campaigns/${campaign.id}/posts`;

describe('CRUD at the nested path', () => {
  it('creates (201), lists, reads, updates and deletes a post', async () => {
    const created = await api<Row>('POST', base(), {
      cookie: world.bob,
      body: { data: { title: 'Hello', body: 'First' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Hello', body: 'First', teamId: acme, campaignId: campaign.id });
    const id = created.body.id as number;

    const list = await api<Index>('GET', base(), { cookie: world.bob });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row) => row.id)).toEqual([id]);
    expect(list.body.pagination.perPage).toBe(20);

    expect((await api<Row>('GET', `${base()}/${id}`, { cookie: world.bob })).body).toMatchObject({
      id,
      title: 'Hello',
    });
    const updated = await api<Row>('PATCH', `${base()}/${id}`, { cookie: world.bob, body: { data: { title: 'Hi' } } });
    expect(updated).toMatchObject({ status: 200, body: { title: 'Hi', body: 'First' } });
    expect((await api('DELETE', `${base()}/${id}`, { cookie: world.bob })).body).toEqual({ success: true });
    expect(await Post.where({ id }).count()).toBe(0);
  });

  it('sorts by title or createdAt and refuses other sorts', async () => {
    for (const title of ['b', 'a', 'c']) await Post.create({ teamId: acme, campaignId: other.id, title });
    const path = `/teams/${acme}/campaigns/${other.id}/posts`;
    const byTitle = (await api<Index>('GET', `${path}?sort=title`, { cookie: world.alice })).body.data;
    expect(byTitle.map((row) => row.title)).toEqual(['a', 'b', 'c']);
    const newest = (await api<Index>('GET', path, { cookie: world.alice })).body.data;
    expect(newest.map((row) => row.title)).toEqual(['c', 'a', 'b']);
    expect((await api('GET', `${path}?sort=body`, { cookie: world.alice })).status).toBe(400);
  });

  it('takes team and campaign from the URL, never from the body', async () => {
    const created = await api<Row>('POST', base(), {
      cookie: world.alice,
      body: { data: { title: 'Scoped', teamId: globex, campaignId: foreign.id, id: 777777 } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ teamId: acme, campaignId: campaign.id });
    expect(created.body.id).not.toBe(777777);
  });

  it('answers 422 for a blank, invisible or too long title', async () => {
    for (const [data, field] of [
      [{ title: '' }, 'title'],
      [{ title: '\u200b\u2066\u2069' }, 'title'],
      [{ title: 't'.repeat(201) }, 'title'],
      [{ body: 'no title' }, 'title'],
      [{ title: 'ok', body: 5 }, 'body'],
    ] as const) {
      const response = await api<{ error: { fields: Row } }>('POST', base(), { cookie: world.alice, body: { data } });
      expect(response.status, JSON.stringify(data)).toBe(422);
      expect(Object.keys(response.body.error.fields)).toEqual([field]);
    }
  });
});

describe('isolation', () => {
  it("is 404 for another team's campaign under my team, before any post is read", async () => {
    await Post.create({ teamId: globex, campaignId: foreign.id, title: 'Globex secret' });
    const path = `/teams/${acme}/campaigns/${foreign.id}/posts`;
    const { result, statements } = await countQueries(() => api('GET', path, { cookie: world.alice }));
    expect(result.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Campaign not found' } });
    // The context, then the guard's one check of the campaign; no post query.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/from "campaigns"/);
    const create = await api('POST', path, { cookie: world.alice, body: { title: 'Sneaky' } });
    expect(create.status).toBe(404);
    expect(await Post.where({ title: 'Sneaky' }).count()).toBe(0);
  });

  it('is 404 for a campaign that does not exist, and for Carol on Acme', async () => {
    expect((await api('GET', `/teams/${acme}/campaigns/999999/posts`, { cookie: world.alice })).status).toBe(404);
    const { result, count } = await countQueries(() => api('GET', base(), { cookie: world.carol }));
    expect(result.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Team not found' } });
    expect(count).toBe(1);
    expect((await api('GET', base())).status).toBe(401);
  });

  it("is 404 for another campaign's post through this campaign's URL", async () => {
    const post = await Post.create({ teamId: acme, campaignId: other.id, title: 'Elsewhere' });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { title: 'moved' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await api(method, `${base()}/${post.id}`, { cookie: world.alice, body });
      expect(response.status, method).toBe(404);
    }
    expect((await Post.find(post.id)).title).toBe('Elsewhere');
  });

  it("refuses a post of Acme on Globex's campaign however it is saved (an action, a job, a script)", async () => {
    const post = Post.build({ teamId: acme, campaignId: foreign.id, title: 'Crossed' });
    expect(await post.save()).toBe(false);
    expect(post.errors).toEqual({ campaignId: ['must exist'] });
    const mine = await Post.create({ teamId: acme, campaignId: campaign.id, title: 'Mine' });
    expect(await mine.assign({ campaignId: foreign.id }).save()).toBe(false);
    expect(await Post.where({ campaignId: foreign.id, teamId: acme }).count()).toBe(0);
  });
});
