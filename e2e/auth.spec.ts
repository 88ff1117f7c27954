/**
 * Sign-in and who may see what: the dev sign-in page, sign-out, a member
 * without owner rights (Bob), and a user of another team (Carol).
 */

import { BOB, CAROL, createCampaign, screenshot, signInAs, teamId } from './support/session';
import { expect, test } from './support/test';

test('signs in by picking a seeded user, and out again', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'sign-in');

  await page.getByRole('button', { name: /Alice/ }).click();
  await expect(page).toHaveURL(/\/teams\/\d+\/campaigns$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Alice');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();

  const campaignsUrl = page.url();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // Signed out: team pages send you to sign in.
  await page.goto(campaignsUrl);
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('an unknown email is refused with a message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Or any email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('#sign-in-error')).toHaveText('No user with the email nobody@example.com.');
  await expect(page.getByLabel('Or any email')).toHaveAttribute('aria-invalid', 'true');
});

test('Bob (a member) gets no delete button, and the API answers 403 when he tries', async ({ page, request }) => {
  const acme = await teamId(request, 'Acme');
  // Alice's campaign, made for this test: Bob must not be able to remove it.
  const campaign = await createCampaign(request, acme, { name: 'Owned by Alice' });
  await signInAs(page.request, BOB);

  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { name: 'Owned by Alice', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Duplicate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const response = await page.request.delete(`/api/teams/${acme}/campaigns/${campaign.id}`);
  expect(response.status()).toBe(403);
  expect((await response.json()).error.code).toBe('FORBIDDEN');
  expect((await request.get(`/api/teams/${acme}/campaigns/${campaign.id}`)).status()).toBe(200);

  // Nor bulk archive (owners only) or API keys.
  await page.goto(`/teams/${acme}/campaigns`);
  await expect(page.getByRole('button', { name: 'Publish selected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive selected' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'API keys' })).toHaveCount(0);
});

test('Carol (Globex) cannot open Acme: the not-found page, as the API answers 404', async ({ page, request }) => {
  const acme = await teamId(request, 'Acme');
  await signInAs(page.request, CAROL);

  const response = await page.goto(`/teams/${acme}/campaigns`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('Acme')).toHaveCount(0);

  const api = await page.request.get(`/api/teams/${acme}/campaigns`);
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe('NOT_FOUND');
});
