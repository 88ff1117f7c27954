// demo:file (npm run demo:remove deletes this file)
/**
 * Multi-byte text end to end, through the app's handler into PostgreSQL and
 * back: limits count characters as PostgreSQL does (code points; JavaScript's
 * `.length` counts UTF-16 units, two for 😀), errors land on the field, and
 * search folds case beyond ASCII. Runs on whichever server the suite uses:
 * the embedded one locally, DATABASE_URL's in CI.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';
import { Campaign } from '@/db/models';
import { api, type DemoWorld, makeCampaign, makeTeam, seedDemo } from './testClient';

type Row = Record<string, unknown>;

let world: DemoWorld;
let team: number;

beforeAll(async () => {
  world = await seedDemo();
  team = await makeTeam('Unicode Co');
});
afterAll(closeDb);

const create = (name: string) =>
  api<Row & { error?: { fields: Row } }>('POST', `/teams/${team}/campaigns`, {
    cookie: world.alice,
    body: { data: { name } },
  });

describe('the database', () => {
  it('stores text as UTF8', async () => {
    const [row] = await db().execute(sql`select current_setting('server_encoding') as encoding`);
    expect(row?.encoding).toBe('UTF8');
  });
});

describe('name length (varchar(120)) in characters', () => {
  for (const [label, char] of [
    ['two-byte letters', 'é'],
    ['three-byte CJK', '漢'],
    ['characters outside the BMP', '😀'],
    ['combining sequences, counted per code point', 'e\u0301'],
  ] as const) {
    it(`accepts 120 characters of ${label} and refuses 121 on name`, async () => {
      const perChar = [...char].length;
      const fits = char.repeat(Math.floor(120 / perChar));
      const accepted = await create(fits);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      expect(accepted.body.name).toBe(fits);
      const refused = await create(`${fits}${'x'.repeat(121 - [...fits].length)}`);
      expect(refused.status).toBe(422);
      expect(refused.body.error?.fields).toEqual({ name: ['is too long (maximum is 120 characters)'] });
    });
  }
});

describe('a name with nothing visible', () => {
  // Stored as given, and a page would show an empty name (server/shared/visibleText.ts).
  const invisibleNames = [
    ['zero-width characters', '\u200b\u200d'],
    ['a byte order mark between zero-width joiners', '\u200d\ufeff\u200d'],
    ['bidi isolates', '\u2066\u2069'],
    ['a soft hyphen', '\u00ad'],
    ['a combining mark without a letter', '\u0301'],
    ['a Hangul filler', '\u3164'],
    ['spaces around zero-width characters', ' \u200b \u200c '],
  ] as const;

  const campaignCount = () => Campaign.where({ teamId: team }).count();

  it.each(invisibleNames)('creating one (%s) is a 422 "can\'t be blank" and writes nothing', async (_label, name) => {
    const before = await campaignCount();
    const refused = await create(name);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error?.fields).toEqual({ name: ["can't be blank"] });
    expect(await campaignCount()).toBe(before);
  });

  it('renaming to one is a 422 and the name stays', async () => {
    const campaign = await makeCampaign(team, { name: 'Keeps its name' });
    const renamed = await api<{ error?: { fields: Row } }>('PATCH', `/teams/${team}/campaigns/${campaign.id}`, {
      cookie: world.alice,
      body: { data: { name: '\u200b\u2060' } },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error?.fields).toEqual({ name: ["can't be blank"] });
    expect((await Campaign.find(campaign.id)).name).toBe('Keeps its name');
  });

  it.each([
    ['a zero-width space inside a word', 'Z\u200bero'],
    ['a word in bidi isolates', '\u2066Summer\u2069'],
    ['an emoji alone', '😀'],
    ['a letter with a combining mark', 'e\u0301'],
    ['right-to-left text', 'מבצע קיץ'],
  ])('one that shows something (%s) is stored exactly as given', async (_label, name) => {
    const created = await create(name);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toBe(name);
  });
});

describe('search folds case beyond ASCII', () => {
  it('finds accented, Greek and Cyrillic names whatever their case', async () => {
    const searchTeam = await makeTeam('Search Unicode');
    for (const name of ['Été promo', 'ΚΑΛΟΚΑΙΡΙ sale', 'ПРИВЕТ мир', 'Straße', 'Plain'])
      await makeCampaign(searchTeam, { name });
    const search = async (term: string) => {
      const response = await api<{ data: Row[] }>(
        'GET',
        `/teams/${searchTeam}/campaigns?search=${encodeURIComponent(term)}`,
        { cookie: world.alice },
      );
      expect(response.status).toBe(200);
      return response.body.data.map((row) => row.name);
    };
    expect(await search('été')).toEqual(['Été promo']);
    expect(await search('ÉTÉ')).toEqual(['Été promo']);
    expect(await search('καλοκαιρι')).toEqual(['ΚΑΛΟΚΑΙΡΙ sale']);
    expect(await search('привет')).toEqual(['ПРИВЕТ мир']);
    expect(await search('STRAßE')).toEqual(['Straße']);
  });
});
