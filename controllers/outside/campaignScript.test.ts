// demo:file (npm run demo:remove deletes this file)
/**
 * campaignScript.ts, an openapi-fetch client with an API key, lists
 * campaigns, creates one and publishes it against the app's handler
 * (outsideClients.test.ts type-checks this folder on its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { handler } from '../index';
import { api, type DemoWorld, seedDemo } from '../testClient';
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
    const key = await api<{ token: string }>('POST', `/teams/${teamId}/api-keys`, {
      cookie: world.alice,
      body: { data: { name: 'outside script' } },
    });
    expect(key.status).toBe(201);
    const requests: string[] = [];
    // The app's handler stands in for the network: same Requests, no server to start.
    const fetchApp = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
      expect(request.headers.get('authorization')).toBe(`Bearer ${key.body.token}`);
      return handler(request);
    };
    const client = createApiClient('http://localhost/api', key.body.token, fetchApp);
    const result = await launchCampaign(client, teamId, 'From outside');
    expect(result.draftCount).toBeGreaterThanOrEqual(0);
    expect(result.created).toMatchObject({ name: 'From outside', status: 'draft', budget: 1000 });
    expect(result.published).toMatchObject({
      id: result.created.id,
      status: 'active',
      publishedAt: expect.any(String),
    });
    expect(requests[0]).toBe(`GET /api/teams/${teamId}/campaigns?scopes=draft&sort=-createdAt,name&perPage=10`);
  });
});
