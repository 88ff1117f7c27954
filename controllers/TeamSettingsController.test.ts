// demo:file (npm run demo:remove deletes this file)
/** /api/teams/:teamId/team-settings: a singleton with find-or-create and owner-only PATCH. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { TeamSetting } from '@/db/models';
import { api, type DemoWorld, seedDemo } from './testClient';

type Row = Record<string, unknown>;

let world: DemoWorld;
let path: string;

beforeAll(async () => {
  world = await seedDemo();
  path = `/teams/${world.acme.id}/team-settings`;
});
afterAll(closeDb);

describe('team settings', () => {
  it('GET is null until POST finds-or-creates the defaults (idempotent, also under concurrency)', async () => {
    expect(await api('GET', path, { cookie: world.bob })).toMatchObject({ status: 200, body: null });
    expect((await api('PATCH', path, { cookie: world.alice, body: { timezone: 'UTC' } })).status).toBe(404);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api<Row>('POST', path, { cookie: world.bob, body: {} })),
    );
    for (const result of results) expect(result.status).toBe(200);
    const ids = new Set(results.map((result) => result.body.id));
    expect(ids.size).toBe(1);
    expect(results[0]?.body).toMatchObject({
      teamId: world.acme.id,
      timezone: 'UTC',
      weeklyDigest: true,
      brandColor: '#2563eb',
    });
    expect(await TeamSetting.where({ teamId: world.acme.id }).count()).toBe(1);
    expect((await api<Row>('GET', path, { cookie: world.bob })).body.id).toBe([...ids][0]);
  });

  it('PATCH is owners only', async () => {
    await api('POST', path, { cookie: world.alice });
    const response = await api('PATCH', path, { cookie: world.bob, body: { timezone: 'Europe/Paris' } });
    expect(response.status).toBe(403);
    expect((await TeamSetting.findBy({ teamId: world.acme.id }))?.timezone).toBe('UTC');
  });

  it('PATCH updates the permitted fields only', async () => {
    const response = await api<Row>('PATCH', path, {
      cookie: world.alice,
      body: {
        data: { timezone: 'America/New_York', weeklyDigest: false, brandColor: '#FF0000', teamId: world.globex.id },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      timezone: 'America/New_York',
      weeklyDigest: false,
      brandColor: '#FF0000',
      teamId: world.acme.id,
    });
  });

  it('PATCH answers 422 for a bad time zone or colour, and for a non-boolean digest', async () => {
    const cases: [Row, string, string][] = [
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'is not a valid IANA time zone (e.g. Europe/Paris)'],
      [{ timezone: '+01:00' }, 'timezone', 'is not a valid IANA time zone (e.g. Europe/Paris)'],
      [{ timezone: 'europe/paris' }, 'timezone', 'is not a valid IANA time zone (e.g. Europe/Paris)'],
      [{ timezone: '' }, 'timezone', 'is not a valid IANA time zone (e.g. Europe/Paris)'],
      [{ brandColor: 'red' }, 'brandColor', 'must be a hex color like #2563eb'],
      [{ brandColor: '#12345g' }, 'brandColor', 'must be a hex color like #2563eb'],
      [{ brandColor: '#1234567' }, 'brandColor', 'is too long (maximum is 7 characters)'],
      [{ brandColor: 7 }, 'brandColor', 'must be a string'],
      [{ weeklyDigest: 'yes' }, 'weeklyDigest', 'must be true or false'],
      [{ timezone: null }, 'timezone', "can't be blank"],
    ];
    for (const [data, field, message] of cases) {
      const response = await api<{ error: { fields: Row } }>('PATCH', path, { cookie: world.alice, body: { data } });
      expect(response.status, JSON.stringify(data)).toBe(422);
      expect(response.body.error.fields[field], JSON.stringify(data)).toContain(message);
    }
    expect((await TeamSetting.findBy({ teamId: world.acme.id }))?.timezone).toBe('America/New_York');
  });

  it('is 404 for Carol on Acme and 401 without a session', async () => {
    for (const method of ['GET', 'POST', 'PATCH']) {
      const body = method === 'GET' ? undefined : { timezone: 'Asia/Tokyo' };
      expect((await api(method, path, { cookie: world.carol, body })).status, method).toBe(404);
      expect((await api(method, path, { body })).status, method).toBe(401);
    }
    expect((await TeamSetting.findBy({ teamId: world.acme.id }))?.timezone).not.toBe('Asia/Tokyo');
  });
});
