// demo:file (npm run demo:remove deletes this file)
/**
 * campaignScript.ts, an openapi-fetch client with an API key, lists
 * campaigns, creates one and publishes it against the app's handler
 * (outsideClients.test.ts type-checks this folder on its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { apiKeyFetch, type DemoWorld, seedDemo } from '../testClient';
import { createApiClient, launchCampaign } from './campaignScript';

let world: DemoWorld;

beforeAll(async () => {
  world = await seedDemo();
});
afterAll(async () => {
  await closeDb();
});

describe('the demo campaign script', () => {
  it('lists, creates and publishes a campaign through openapi-fetch with an API key', async () => {
    const teamId = world.acme.id;
    const key = await apiKeyFetch(teamId, world.alice);
    const client = createApiClient('http://localhost/api', key.token, key.fetch);
    const result = await launchCampaign(client, teamId, 'From outside');
    expect(result.draftCount).toBeGreaterThanOrEqual(0);
    expect(result.created).toMatchObject({ name: 'From outside', status: 'draft', budget: 1000 });
    expect(result.published).toMatchObject({
      id: result.created.id,
      status: 'active',
      publishedAt: expect.any(String),
    });
    expect(key.requests[0]).toBe(`GET /api/teams/${teamId}/campaigns?scopes=draft&sort=-createdAt,name&perPage=10`);
  });
});
