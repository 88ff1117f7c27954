/**
 * Team pages as Alice (owner of Acme): the settings singleton and API keys
 * (token shown once, usable, then revoked). Also that both resources answer
 * on the production build, whose path inference must survive minification
 * (`TeamSettingsController` -> /team-settings, `APIKeyController` -> /api-keys).
 */

import { ALICE, BOB, screenshot, signInAs, teamId, uniqueName } from './support/session';
import { expect, test } from './support/test';

test('updates the team settings, with field errors from the model', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/settings`);
  const form = page.getByRole('form', { name: 'Team settings' });
  await expect(form.getByLabel('Time zone')).not.toHaveValue('');

  await form.getByLabel('Time zone').fill('Mars/Olympus_Mons');
  await form.getByLabel('Brand colour', { exact: true }).fill('blue');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('is not a valid IANA time zone (e.g. Europe/Paris)')).toBeVisible();
  await expect(form.getByText('must be a hex color like #2563eb')).toBeVisible();

  await form.getByLabel('Time zone').fill('Europe/Paris');
  await form.getByLabel('Brand colour', { exact: true }).fill('#ff6600');
  const digest = form.getByLabel('Send a weekly digest email');
  const digestBefore = await digest.isChecked();
  await digest.setChecked(!digestBefore);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('status')).toHaveText('Settings saved.');
  await screenshot(page, 'settings');

  await page.reload();
  await expect(form.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(form.getByLabel('Brand colour', { exact: true })).toHaveValue('#ff6600');
  await expect(form.getByLabel('Send a weekly digest email')).toBeChecked({ checked: !digestBefore });
  const api = await page.request.get(`/api/teams/${acme}/team-settings`);
  expect(await api.json()).toMatchObject({ timezone: 'Europe/Paris', brandColor: '#ff6600' });
});

test('members see the settings read-only', async ({ page, request }) => {
  const acme = await teamId(request, 'Acme');
  await signInAs(page.request, BOB);
  await page.goto(`/teams/${acme}/settings`);
  const form = page.getByRole('form', { name: 'Team settings' });
  await expect(form.getByText('Only team owners can change these settings.')).toBeVisible();
  await expect(form.getByLabel('Time zone')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
});

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
  expect((await script.get(`/api/teams/${acme}/campaigns`, asKey)).status()).toBe(200);

  // Shown once: gone after "Done" and after a reload; the list never carries it.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  const listed = await (await page.request.get(`/api/teams/${acme}/api-keys`)).text();
  expect(listed).not.toContain(token.slice(16));

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await row.getByRole('button', { name: `Yes, revoke ${name}` }).click();
  await expect(row).toHaveCount(0);
  expect((await script.get(`/api/teams/${acme}/campaigns`, asKey)).status()).toBe(401);
  await script.dispose();
});

test('team-settings and api-keys answer on the production build (path inference survives minification)', async ({
  request,
}) => {
  // Anonymous: the routes exist (401, not 404).
  expect((await request.get('/api/teams/1/team-settings')).status()).toBe(401);
  expect((await request.get('/api/teams/1/api-keys')).status()).toBe(401);
  const session = await signInAs(request, ALICE);
  expect(session.teams.map((team) => team.id)).toContain(1);
  const settings = await request.get('/api/teams/1/team-settings');
  expect(settings.status()).toBe(200);
  const keys = await request.get('/api/teams/1/api-keys');
  expect(keys.status()).toBe(200);
  expect(await keys.json()).toMatchObject({ data: expect.any(Array), pagination: { page: 1 } });
});
