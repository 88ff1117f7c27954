/**
 * A real outside client over HTTP against `next start`: the types generated
 * from the live GET /api/openapi.json are the committed ones, and an
 * openapi-fetch client on those types (as another project writes it,
 * docs/openapi.md) works the API with an API key, no cookie.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import createClient from 'openapi-fetch';
// demo:begin
import { createApiClient, launchCampaign } from '../controllers/outside/campaignScript';
// demo:end
import type { paths } from '../controllers/outside/openapi.gen';
import { renderOpenApiTypes } from '../server/codegen';
import { ALICE, signInAs, teamId, uniqueName } from './support/session';
import { expect, test } from './support/test';

test('openapi-typescript on the live document gives the committed types', async ({ request }) => {
  const live = await (await request.get('/api/openapi.json')).json();
  const committed = readFileSync(path.resolve('controllers/outside/openapi.gen.ts'), 'utf8');
  expect(await renderOpenApiTypes(live)).toBe(committed);
});

/** A new API key of Acme's, made by Alice (the key acts as her within Acme). */
async function acmeKey(request: Parameters<typeof signInAs>[0]): Promise<{ acme: number; token: string }> {
  const acme = await teamId(request, 'Acme');
  await signInAs(request, ALICE);
  const key = await request.post(`/api/teams/${acme}/api-keys`, { data: { data: { name: uniqueName('e2e key') } } });
  expect(key.status()).toBe(201);
  return { acme, token: ((await key.json()) as { token: string }).token };
}

test('an openapi-fetch client with an API key reads the team and its members, and may not manage them', async ({
  request,
  baseURL,
}) => {
  const { acme, token } = await acmeKey(request);
  // Plain fetch from Node: no browser, no cookie, only the Bearer key.
  const client = createClient<paths>({
    baseUrl: `${baseURL}/api`,
    headers: { authorization: `Bearer ${token}` },
    // Lists travel comma-separated (`filter[role]=owner,member`), as the document says (`explode: false`).
    querySerializer: { array: { style: 'form', explode: false } },
  });

  const team = await client.GET('/teams/{id}', { params: { path: { id: acme } } });
  expect(team.response.status).toBe(200);
  expect(team.data).toMatchObject({ id: acme, name: 'Acme' });

  const owners = await client.GET('/teams/{teamId}/members', {
    params: { path: { teamId: acme }, query: { 'filter[role]': ['owner'], sort: ['-createdAt'], perPage: 10 } },
  });
  expect(owners.response.status).toBe(200);
  expect(owners.data?.data.map((member) => member.user?.email)).toContain(ALICE);
  expect(owners.data?.data.every((member) => member.role === 'owner')).toBe(true);
  const alice = owners.data?.data.find((member) => member.user?.email === ALICE);
  const one = await client.GET('/teams/{teamId}/members/{id}', {
    params: { path: { teamId: acme, id: alice?.id as number } },
  });
  expect(one.data).toMatchObject({ id: alice?.id, role: 'owner', user: { email: ALICE } });

  // A leaked key must not reshape the team: members and invitations take a signed-in owner.
  const invited = await client.POST('/teams/{teamId}/invitations', {
    params: { path: { teamId: acme } },
    body: { data: { email: 'outside@example.com' } },
  });
  expect(invited.response.status).toBe(403);
  expect(invited.error?.error).toMatchObject({
    code: 'FORBIDDEN',
    message: 'API keys cannot manage invitations; sign in',
  });
  const demoted = await client.PATCH('/teams/{teamId}/members/{id}', {
    params: { path: { teamId: acme, id: alice?.id as number } },
    body: { data: { role: 'member' } },
  });
  expect(demoted.response.status).toBe(403);
  expect(demoted.error?.error.code).toBe('FORBIDDEN');
});

// demo:begin
test('an openapi-fetch client with an API key lists, creates and publishes a campaign', async ({
  request,
  baseURL,
}) => {
  const { acme, token } = await acmeKey(request);
  // The demo's script (controllers/outside/campaignScript.ts), as another project would write it.
  const client = createApiClient(`${baseURL}/api`, token);
  const name = uniqueName('Outside');
  const result = await launchCampaign(client, acme, name);
  expect(result.created).toMatchObject({ name, status: 'draft' });
  expect(result.published).toMatchObject({ id: result.created.id, status: 'active', publishedAt: expect.any(String) });
});
// demo:end
