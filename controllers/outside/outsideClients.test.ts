/**
 * The API from outside, as another project uses it:
 * - openapi.gen.ts is what openapi-typescript makes of the document
 *   (`npm run gen`; scripts/gen.test.ts fails on a stale copy);
 * - an openapi-fetch client on those types, with a team API key, reads the
 *   team's members and storage usage against the app's handler;
 * - this folder type-checks on its own (tsconfig.json): the AppRouter type
 *   test, any outside script kept here, and their `@ts-expect-error` misuses.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { apiKeyFetch, type DemoWorld, seedDemo } from '../testClient';
import type { paths } from './openapi.gen';

const HERE = import.meta.dirname;
let world: DemoWorld;

beforeAll(async () => {
  world = await seedDemo();
});
afterAll(async () => {
  await closeDb();
});

describe('an outside client of the REST API', () => {
  it('reads the members and the storage usage through openapi-fetch with an API key', async () => {
    const teamId = world.acme.id;
    const key = await apiKeyFetch(teamId, world.alice);
    const client = createClient<paths>({
      baseUrl: 'http://localhost/api',
      headers: { authorization: `Bearer ${key.token}` },
      // Lists travel comma-separated (`sort=-role,createdAt`), as the document says (`explode: false`).
      querySerializer: { array: { style: 'form', explode: false } },
      fetch: key.fetch,
    });

    const members = await client.GET('/teams/{teamId}/members', {
      params: { path: { teamId }, query: { sort: ['-role', 'createdAt'], 'filter[role]': ['owner', 'member'] } },
    });
    expect(members.error).toBeUndefined();
    // -role: 'owner' sorts after 'member', so descending puts the owner first.
    expect(members.data?.data.map((m) => [m.user?.email, m.role])).toEqual([
      ['alice@example.com', 'owner'],
      ['bob@example.com', 'member'],
    ]);
    expect(members.data?.pagination.totalCount).toBe(2);
    expect(key.requests[0]).toBe(`GET /api/teams/${teamId}/members?sort=-role,createdAt&filter[role]=owner,member`);

    const usage = await client.GET('/teams/{teamId}/uploads/storage-usage', { params: { path: { teamId } } });
    expect(usage.data).toEqual({ assetCount: expect.any(Number), totalBytes: expect.any(Number) });

    // Refusals come back typed as the API's error body.
    const leave = await client.POST('/teams/{teamId}/members/leave', { params: { path: { teamId } } });
    expect(leave.response.status).toBe(403);
    expect(leave.error?.error.code).toBe('FORBIDDEN');
  });

  it('type-checks on its own tsconfig, misuses refused (tsc -p controllers/outside)', () => {
    const tsc = path.resolve(HERE, '../../node_modules/typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', path.join(HERE, 'tsconfig.json')], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);
});
