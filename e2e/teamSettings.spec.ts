// demo:file (npm run demo:remove deletes this file)
/**
 * The demo's team settings as Alice (owner of Acme) and Bob (a member): the
 * singleton's form, with field errors from the model. Also that the resource
 * answers on the production build, whose path inference must survive
 * minification (`TeamSettingsController` -> /team-settings).
 */

import { ALICE, BOB, screenshot, signInAs, teamId } from './support/session';
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

test('team-settings answers on the production build (path inference survives minification)', async ({ request }) => {
  // Anonymous: the route exists (401, not 404).
  expect((await request.get('/api/teams/1/team-settings')).status()).toBe(401);
  const session = await signInAs(request, ALICE);
  expect(session.teams.map((team) => team.id)).toContain(1);
  const settings = await request.get('/api/teams/1/team-settings');
  expect(settings.status()).toBe(200);
});
