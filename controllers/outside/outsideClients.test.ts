/**
 * The API from outside, as another project uses it:
 * - openapi.gen.ts is what openapi-typescript makes of the document
 *   (`npm run gen`; scripts/gen.test.ts fails on a stale copy);
 * - campaignScript.ts, an openapi-fetch client with an API key, lists
 *   campaigns, creates one and publishes it against the app's handler;
 * - this folder type-checks on its own (tsconfig.json): the script, its
 *   `@ts-expect-error` misuses, and the AppRouter type test.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { handler } from '../index';
import { api, type DemoWorld, seedDemo } from '../testClient';
import { createApiClient, launchCampaign } from './campaignScript';

const HERE = import.meta.dirname;
let world: DemoWorld;

beforeAll(async () => {
  world = await seedDemo();
});
afterAll(async () => {
  await closeDb();
});

describe('an outside client of the REST API', () => {
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

  it('type-checks on its own tsconfig, misuses refused (tsc -p controllers/outside)', () => {
    const tsc = path.resolve(HERE, '../../node_modules/typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', path.join(HERE, 'tsconfig.json')], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);
});
