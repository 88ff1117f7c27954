/**
 * API keys as Alice (owner of Acme): the token shown once, usable, then
 * revoked. Also that the resource answers on the production build, whose path
 * inference must survive minification (`APIKeyController` -> /api-keys).
 */

import { ALICE, screenshot, signInAs, teamId, uniqueName } from './support/session';
import { expect, isolated, test } from './support/test';

test('creates an API key, shows its token once, and revokes it', async ({ page, playwright }) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/api-keys`);
  const form = page.getByRole('form', { name: 'New API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText("can't be blank")).toBeVisible();

  const name = uniqueName('Reporting');
  await form.getByLabel('Key name').fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();
  const token = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(token).toMatch(/^ak_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(`ak_${token.slice(3, 15)}_…`);
  await expect(row).toContainText('Never');
  await screenshot(page, 'api-keys');

  // The token works on its own (no cookie): it acts as Alice within Acme.
  const script = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const asKey = { headers: { Authorization: `Bearer ${token}` } };
  expect((await script.get(`/api/teams/${acme}/members`, asKey)).status()).toBe(200);

  // Shown once: gone after "Done" and after a reload; the list never carries it.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  const listed = await (await page.request.get(`/api/teams/${acme}/api-keys`)).text();
  expect(listed).not.toContain(token.slice(16));

  await row.getByRole('button', { name: `Revoke ${isolated(name)}` }).click();
  await row.getByRole('button', { name: `Yes, revoke ${isolated(name)}` }).click();
  await expect(row).toHaveCount(0);
  expect((await script.get(`/api/teams/${acme}/members`, asKey)).status()).toBe(401);
  await script.dispose();
});

test('api-keys answers on the production build (path inference survives minification)', async ({ request }) => {
  // Anonymous: the route exists (401, not 404).
  expect((await request.get('/api/teams/1/api-keys')).status()).toBe(401);
  const session = await signInAs(request, ALICE);
  expect(session.teams.map((team) => team.id)).toContain(1);
  const keys = await request.get('/api/teams/1/api-keys');
  expect(keys.status()).toBe(200);
  expect(await keys.json()).toMatchObject({ data: expect.any(Array), pagination: { page: 1 } });
});
