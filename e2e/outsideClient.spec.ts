/**
 * A real outside client over HTTP against `next start`: the types generated
 * from the live GET /api/openapi.json are the committed ones, and the
 * openapi-fetch script (controllers/outside/campaignScript.ts) lists, creates
 * and publishes a campaign with an API key, no cookie.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createApiClient, launchCampaign } from '../controllers/outside/campaignScript';
import { renderOpenApiTypes } from '../server/codegen';
import { signInAs, teamId, uniqueName } from './support/session';
import { expect, test } from './support/test';

test('openapi-typescript on the live document gives the committed types', async ({ request }) => {
  const live = await (await request.get('/api/openapi.json')).json();
  const committed = readFileSync(path.resolve('controllers/outside/openapi.gen.ts'), 'utf8');
  expect(await renderOpenApiTypes(live)).toBe(committed);
});

test('an openapi-fetch client with an API key lists, creates and publishes a campaign', async ({
  request,
  baseURL,
}) => {
  const acme = await teamId(request, 'Acme');
  await signInAs(request, 'alice@example.com');
  const key = await request.post(`/api/teams/${acme}/api-keys`, { data: { data: { name: uniqueName('e2e key') } } });
  expect(key.status()).toBe(201);
  const { token } = (await key.json()) as { token: string };

  // Plain fetch from Node: no browser, no cookie, only the Bearer key.
  const client = createApiClient(`${baseURL}/api`, token);
  const name = uniqueName('Outside');
  const result = await launchCampaign(client, acme, name);
  expect(result.created).toMatchObject({ name, status: 'draft' });
  expect(result.published).toMatchObject({ id: result.created.id, status: 'active', publishedAt: expect.any(String) });
});
