// demo:file (npm run demo:remove deletes this file)
/**
 * /api/teams/:teamId/campaigns through the app's handler, signed in with real
 * session cookies, on the seeded demo data (Alice owns Acme, Bob is a member
 * of Acme, Carol owns Globex).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { Campaign, Post, User } from '@/db/models';
import { Asset, Attachment, configureStorage, countQueries } from '@/server';
import { handler } from './index';
import { api, type DemoWorld, makeCampaign, makeTeam, seedDemo } from './testClient';

type Row = Record<string, unknown>;
type Index = { data: Row[]; pagination: { page: number; perPage: number; totalCount: number; hasMore: boolean } };

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

describe('the scope guard', () => {
  it('answers 401 without a user, before anything is read', async () => {
    const { result, count } = await countQueries(() => api('GET', `/teams/${acme}/campaigns`));
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });
    expect(count).toBe(0);
    expect((await api('POST', `/teams/${acme}/campaigns`, { body: { name: 'x' } })).status).toBe(401);
  });

  it('answers 404 to Carol on Acme with only the context statement run (no campaign read)', async () => {
    const campaign = (await Campaign.findBy({ teamId: acme })) as Campaign;
    for (const [method, path] of [
      ['GET', `/teams/${acme}/campaigns`],
      ['GET', `/teams/${acme}/campaigns/${campaign.id}`],
      ['GET', `/teams/${acme}/campaigns/stats`],
      ['POST', `/teams/${acme}/campaigns/${campaign.id}/publish`],
      ['DELETE', `/teams/${acme}/campaigns/${campaign.id}`],
    ] as const) {
      const { result, count, statements } = await countQueries(() => api(method, path, { cookie: world.carol }));
      expect(result.status, `${method} ${path}`).toBe(404);
      expect(result.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Team not found' } });
      expect(count).toBe(1);
      expect(statements[0]).toMatch(/from "sessions"/);
    }
  });

  it('answers the same 404 for a team that does not exist, and 400 for a malformed team id', async () => {
    expect((await api('GET', '/teams/999999/campaigns', { cookie: world.alice })).body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Team not found' },
    });
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await api('GET', `/teams/${bad}/campaigns`, { cookie: world.alice })).status, bad).toBe(400);
    }
  });

  it('refuses a cookie-authenticated cross-site write', async () => {
    const response = await api('POST', `/teams/${acme}/campaigns`, {
      cookie: world.alice,
      body: { name: 'CSRF' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await Campaign.findBy({ name: 'CSRF' })).toBeNull();
  });
});

describe('index', () => {
  it('pages 20 at a time, hides archived by default, includes the creator (id and name only)', async () => {
    const { result, count } = await countQueries(() =>
      api<Index>('GET', `/teams/${acme}/campaigns`, { cookie: world.alice }),
    );
    expect(result.status).toBe(200);
    const notArchived = await Campaign.where({ teamId: acme }).scope('notArchived').count();
    expect(result.body.pagination).toEqual({
      page: 1,
      perPage: 20,
      totalCount: notArchived,
      totalCountCapped: false,
      hasMore: true,
    });
    expect(result.body.data).toHaveLength(20);
    expect(result.body.data.every((row) => row.teamId === acme && row.status !== 'archived')).toBe(true);
    const creator = result.body.data[0]?.creator as Row;
    expect(Object.keys(creator).sort()).toEqual(['id', 'name']);
    // Newest first (defaultSort createdAt desc).
    const dates = result.body.data.map((row) => row.createdAt as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    // No logo in the seed: every row says so (the list shows the thumbnail when there is one).
    expect(result.body.data.every((row) => row.logo === null)).toBe(true);
    // context (user + memberships) 1 + guard 0 + page with its capped count 1 + creators 1 + logos 1.
    expect(count).toBe(4);
  });

  it("includes each row's logo with its signed variants, one statement for the page's logos", async () => {
    // Only URLs are built (publicUrlBase + key), no bucket is reached. The rest of this file reads no file.
    configureStorage({
      bucket: 'test-bucket',
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
      publicUrlBase: 'https://cdn.test',
    });
    const teamId = await makeTeam('Logos'); // its own team: the other tests' lists stay logo-free
    const withLogos: Campaign[] = [];
    for (const name of ['With logo one', 'Without logo', 'With logo two']) {
      const campaign = await makeCampaign(teamId, { name, createdById: aliceId });
      if (name === 'Without logo') continue;
      // As the upload flow and the image job leave it (UploadController.test.ts, e2e/imageJob.spec.ts).
      const key = `public/test/${campaign.id}.png`;
      const logo = await Asset.create({
        key,
        filename: 'logo.png',
        contentType: 'image/png',
        status: 'ready',
        access: 'public',
        width: 512,
        height: 256,
        variants: { thumb: { key: `${key}.thumb.webp`, width: 128, height: 64, contentType: 'image/webp' } },
      });
      await Attachment.create({
        assetId: logo.id,
        attachableType: 'Campaign',
        attachableId: campaign.id,
        name: 'logo',
      });
      withLogos.push(campaign);
    }
    const { result, count } = await countQueries(() =>
      api<Index>('GET', `/teams/${teamId}/campaigns`, { cookie: world.alice }),
    );
    expect(result.status).toBe(200);
    const rows = result.body.data;
    expect(rows.map((row) => row.name)).toEqual(['With logo two', 'Without logo', 'With logo one']);
    for (const campaign of withLogos) {
      expect(rows.find((row) => row.id === campaign.id)?.logo).toMatchObject({
        url: `https://cdn.test/public/test/${campaign.id}.png`,
        width: 512,
        height: 256,
        variants: {
          thumb: {
            url: `https://cdn.test/public/test/${campaign.id}.png.thumb.webp`,
            width: 128,
            height: 64,
            contentType: 'image/webp',
          },
        },
      });
    }
    expect(rows.find((row) => row.name === 'Without logo')?.logo).toBeNull();
    // context 1 + page (with its count) 1 + creators 1 + logos 1: two logos, still one statement.
    expect(count).toBe(4);
  });

  it('clamps perPage to 100 and pages on', async () => {
    const body = (await api<Index>('GET', `/teams/${acme}/campaigns?perPage=500`, { cookie: world.bob })).body;
    expect(body.pagination.perPage).toBe(100);
    expect(body.pagination.hasMore).toBe(false);
    const second = (await api<Index>('GET', `/teams/${acme}/campaigns?page=2`, { cookie: world.bob })).body;
    expect(second.pagination.page).toBe(2);
    expect(second.data.length).toBe(second.pagination.totalCount - 20);
  });

  it('sorts by name and budget, filters by status and creator, and applies requested scopes', async () => {
    const byName = (await api<Index>('GET', `/teams/${acme}/campaigns?sort=name&perPage=100`, { cookie: world.alice }))
      .body.data;
    const names = byName.map((row) => row.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byBudget = (
      await api<Index>('GET', `/teams/${acme}/campaigns?sort=-budget&perPage=100`, { cookie: world.alice })
    ).body.data;
    // PostgreSQL puts nulls first in a descending sort; the first budget is the largest one.
    const budgets = byBudget.map((row) => row.budget).filter((budget) => budget !== null);
    expect(budgets.length).toBeGreaterThan(0);
    expect(budgets[0]).toBe(
      Math.max(...(await Campaign.where({ teamId: acme }).scope('notArchived').pluck('budget')).map(Number)),
    );
    const archived = (await api<Index>('GET', `/teams/${acme}/campaigns?scopes=archived`, { cookie: world.alice }))
      .body;
    expect(archived.pagination.totalCount).toBe(await Campaign.where({ teamId: acme, status: 'archived' }).count());
    expect(archived.data.every((row) => row.status === 'archived')).toBe(true);
    const drafts = (
      await api<Index>('GET', `/teams/${acme}/campaigns?filter[status]=draft&filter[createdById]=${aliceId}`, {
        cookie: world.alice,
      })
    ).body.data;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((row) => row.status === 'draft' && row.createdById === aliceId)).toBe(true);
  });

  it('answers 400 for unknown sort, filter and scope names and bad paging', async () => {
    for (const query of [
      'sort=secret',
      'sort=name;drop table campaigns',
      'filter[teamId]=2',
      'filter[status]=bogus',
      'filter[createdById]=abc',
      'scopes=all',
      'page=0',
      'perPage=-1',
    ]) {
      const response = await api('GET', `/teams/${acme}/campaigns?${query}`, { cookie: world.alice });
      expect(response.status, query).toBe(400);
      expect((response.body as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    }
  });

  it('searches names case-insensitively with % and _ matched literally', async () => {
    const team = await makeTeam('Search Co');
    for (const name of ['Sale 50%', '50 Sale', 'a_b', 'axb', 'Back\\slash', 'SPRING launch', 'Other'])
      await makeCampaign(team, { name });
    const search = async (term: string) => {
      const response = await api<Index>('GET', `/teams/${team}/campaigns?search=${encodeURIComponent(term)}`, {
        cookie: world.alice,
      });
      expect(response.status).toBe(200);
      return response.body.data.map((row) => row.name).sort();
    };
    expect(await search('%')).toEqual(['Sale 50%']);
    expect(await search('50%')).toEqual(['Sale 50%']);
    expect(await search('_')).toEqual(['a_b']);
    expect(await search('\\')).toEqual(['Back\\slash']);
    expect(await search('Launch')).toEqual(['SPRING launch']);
    expect(await search('sale')).toEqual(['50 Sale', 'Sale 50%']);
    expect(await search("'; --")).toEqual([]);
  });
});

describe('get', () => {
  it('returns the campaign with its creator; another team id is a 404', async () => {
    const own = await makeCampaign(acme, { name: 'Detail', createdById: aliceId });
    const { result: response, count: getCount } = await countQueries(() =>
      api<Row>('GET', `/teams/${acme}/campaigns/${own.id}`, { cookie: world.bob }),
    );
    expect(response.status).toBe(200);
    // context 1 + the scoped find 1 + creator 1 + one per file slot (logo, documents, video) 3.
    expect(getCount).toBe(6);
    expect(response.body).toMatchObject({ logo: null, documents: [], video: null });
    expect(response.body).toMatchObject({ id: own.id, name: 'Detail', creator: { id: aliceId, name: 'Alice' } });
    const foreign = (await Campaign.findBy({ teamId: globex })) as Campaign;
    const { result, count } = await countQueries(() =>
      api('GET', `/teams/${acme}/campaigns/${foreign.id}`, { cookie: world.alice }),
    );
    expect(result.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Campaign not found' } });
    expect(count).toBe(2); // context + the scoped find
  });
});

describe('create', () => {
  it('writes only permitted fields, sets createdById from the session, and takes the team from the URL', async () => {
    const response = await api<Row>('POST', `/teams/${acme}/campaigns`, {
      cookie: world.bob,
      body: {
        data: { name: 'Autumn', budget: 1000, status: 'active', createdById: aliceId, teamId: globex, id: 424242 },
      },
    });
    expect(response.status).toBe(201);
    const bob = (await User.findBy({ email: 'bob@example.com' })) as User;
    expect(response.body).toMatchObject({ name: 'Autumn', budget: 1000, status: 'active', teamId: acme });
    expect(response.body.createdById).toBe(bob.id);
    expect(response.body.id).not.toBe(424242);
    expect(await Campaign.where({ teamId: globex, name: 'Autumn' }).count()).toBe(0);
  });

  it('defaults to draft and accepts the attributes without a `data` wrapper', async () => {
    const response = await api<Row>('POST', `/teams/${acme}/campaigns`, {
      cookie: world.alice,
      body: { name: 'Bare' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Bare', status: 'draft', budget: null, publishedAt: null });
  });

  it('answers 422 with field errors for invalid values', async () => {
    const cases: [Row, Row][] = [
      [{ name: '' }, { name: ["can't be blank"] }],
      [{ name: '   ' }, { name: ["can't be blank"] }],
      [{}, { name: ["can't be blank"] }],
      [{ name: 'x'.repeat(121) }, { name: ['is too long (maximum is 120 characters)'] }],
      [{ name: 'ok', budget: -1 }, { budget: ['must be 0 or more'] }],
      [{ name: 'ok', budget: 1_000_000_001 }, { budget: ['must be at most 1,000,000,000'] }],
      // A value that cannot be written still meets the model's rules: its wording wins.
      [{ name: 'ok', budget: 1.5 }, { budget: ['must be a whole number'] }],
      [{ name: 'ok', budget: '100' }, { budget: ['must be a number'] }],
      // Every field at once, not only the one whose value the column refused.
      [
        { name: '', budget: 1.5 },
        { name: ["can't be blank"], budget: ['must be a whole number'] },
      ],
      [{ name: 'ok', status: 'deleted' }, { status: ['must be draft, active or archived'] }],
      [{ name: 42 }, { name: ['must be a string'] }],
    ];
    for (const [data, fields] of cases) {
      const response = await api<{ error: Row }>('POST', `/teams/${acme}/campaigns`, {
        cookie: world.alice,
        body: { data },
      });
      expect(response.status, JSON.stringify(data)).toBe(422);
      expect(response.body.error.fields, JSON.stringify(data)).toEqual(fields);
    }
    expect(await Campaign.where({ teamId: acme, name: 'ok' }).count()).toBe(0);
  });

  it('accepts the bounds: budget 0 and 1e9, a 120-character name', async () => {
    for (const data of [
      { name: 'y'.repeat(120), budget: 0 },
      { name: 'Max', budget: 1_000_000_000 },
    ]) {
      expect((await api('POST', `/teams/${acme}/campaigns`, { cookie: world.alice, body: { data } })).status).toBe(201);
    }
  });

  it('answers 400 for a body that is not an object and 415 for a non-JSON body', async () => {
    expect((await api('POST', `/teams/${acme}/campaigns`, { cookie: world.alice, body: { data: ['x'] } })).status).toBe(
      400,
    );
    const form = await handlerPost(`/teams/${acme}/campaigns`, 'name=x', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    const malformed = await handlerPost(`/teams/${acme}/campaigns`, '{"name":', 'application/json');
    expect(malformed.status).toBe(400);
  });
});

/** A raw body through the handler (api() always sends JSON). */
function handlerPost(path: string, body: string, contentType: string): Promise<Response> {
  return handler(
    new Request(`http://localhost/api${path}`, {
      method: 'POST',
      headers: { cookie: world.alice, 'content-type': contentType },
      body,
    }),
  );
}

describe('update', () => {
  it('changes only name and budget (status is not writable here)', async () => {
    const campaign = await makeCampaign(acme, { name: 'Before', budget: 1 });
    const response = await api<Row>('PATCH', `/teams/${acme}/campaigns/${campaign.id}`, {
      cookie: world.bob,
      body: { data: { name: 'After', budget: null, status: 'active', teamId: globex, createdById: 1 } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'After', budget: null, status: 'draft', teamId: acme });
    const reloaded = await Campaign.find(campaign.id);
    expect([reloaded.status, reloaded.teamId, reloaded.createdById]).toEqual(['draft', acme, null]);
    const invalid = await api('PATCH', `/teams/${acme}/campaigns/${campaign.id}`, {
      cookie: world.bob,
      body: { data: { name: '' } },
    });
    expect(invalid.status).toBe(422);
  });
});

describe('destroy (owners only)', () => {
  it('is 403 for Bob (the row stays), 200 for Alice on a draft', async () => {
    const campaign = await makeCampaign(acme, { name: 'Doomed' });
    const bob = await api('DELETE', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.bob });
    expect(bob.status).toBe(403);
    expect(bob.body).toEqual({ error: { code: 'FORBIDDEN', message: 'Only team owners can do this' } });
    expect(await Campaign.where({ id: campaign.id }).count()).toBe(1);
    const alice = await api('DELETE', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.alice });
    expect(alice).toMatchObject({ status: 200, body: { success: true } });
    expect(await Campaign.where({ id: campaign.id }).count()).toBe(0);
    expect((await api('DELETE', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.alice })).status).toBe(404);
  });

  it('refuses an active campaign with 422 and fields.base', async () => {
    const campaign = await makeCampaign(acme, { name: 'Live', status: 'active' });
    const response = await api('DELETE', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.alice });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      error: {
        code: 'UNPROCESSABLE_ENTITY',
        message: 'Validation failed',
        fields: { base: ['An active campaign cannot be deleted; archive it first'] },
      },
    });
    expect(await Campaign.where({ id: campaign.id }).count()).toBe(1);
  });

  it('deletes the posts with the campaign', async () => {
    const campaign = await makeCampaign(acme, { name: 'With posts' });
    await Post.create({ teamId: acme, campaignId: campaign.id, title: 'P' });
    expect((await api('DELETE', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.alice })).status).toBe(200);
    expect(await Post.where({ campaignId: campaign.id }).count()).toBe(0);
  });
});
