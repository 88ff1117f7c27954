// demo:file (npm run demo:remove deletes this file)
/**
 * An active campaign is always published: creating one `active`
 * over the API publishes it now (db/models/Campaign.ts `beforeValidate`),
 * and the database refuses an active row without `published_at`
 * (campaigns_published_at_check), whatever path writes it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';
import { Campaign } from '@/db/models';

import { handler } from './index';
import { api, type DemoWorld, seedDemo } from './testClient';

type Row = Record<string, unknown>;

let world: DemoWorld;
let acme: number;

beforeAll(async () => {
  world = await seedDemo();
  acme = world.acme.id;
});
afterAll(closeDb);

/** `value` is an ISO timestamp between `from` and now. */
function expectPublishedSince(value: unknown, from: number): void {
  expect(value).toEqual(expect.any(String));
  const at = Date.parse(value as string);
  expect(at).toBeGreaterThanOrEqual(from - 1000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1000);
}

describe('creating a campaign already active', () => {
  it('over REST answers 201 with publishedAt set, and stores it', async () => {
    const from = Date.now();
    const response = await api<Row>('POST', `/teams/${acme}/campaigns`, {
      cookie: world.bob,
      body: { data: { name: 'Launched at once', status: 'active' } },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Launched at once', status: 'active' });
    expectPublishedSince(response.body.publishedAt, from);
    const stored = await Campaign.find(response.body.id as number);
    expect(stored.publishedAt?.toISOString()).toBe(response.body.publishedAt);
  });

  it('ignores a publishedAt sent by the client (not permitted): the server stamps it', async () => {
    const from = Date.now();
    const response = await api<Row>('POST', `/teams/${acme}/campaigns`, {
      cookie: world.alice,
      body: { data: { name: 'Backdated', status: 'active', publishedAt: '2001-01-01T00:00:00.000Z' } },
    });
    expect(response.status).toBe(201);
    expectPublishedSince(response.body.publishedAt, from);
  });

  it('over tRPC the same', async () => {
    const from = Date.now();
    const response = await handler(
      new Request('http://localhost/api/trpc/teams.campaigns.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: world.alice },
        body: JSON.stringify({ teamId: acme, data: { name: 'Via tRPC', status: 'active' } }),
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: Row } };
    expect(body.result.data.status).toBe('active');
    expectPublishedSince(body.result.data.publishedAt, from);
  });

  it('a draft stays unpublished', async () => {
    const response = await api<Row>('POST', `/teams/${acme}/campaigns`, {
      cookie: world.alice,
      body: { data: { name: 'Not yet', status: 'draft' } },
    });
    expect(response.status).toBe(201);
    expect(response.body.publishedAt).toBeNull();
  });

  it('the database refuses an active campaign without published_at', async () => {
    const error = await db()
      .execute(sql`insert into campaigns (team_id, name, status) values (${acme}, 'Raw', 'active')`)
      .then(
        () => undefined,
        (failure: unknown) => failure as Error & { cause?: Error },
      );
    // drizzle wraps the driver's error; the constraint's name is in the cause's message.
    expect(`${error?.message} ${error?.cause?.message}`).toMatch(/campaigns_published_at_check/);
  });
});
