/**
 * Sign-in and who may see what: the dev sign-in page, sign-out, a member
 * without owner rights (Bob), and a user of another team (Carol).
 */

import {
  ALICE,
  BOB,
  CAROL,
  createCampaign,
  expectTeamHome,
  memberRoleOf,
  screenshot,
  signInAs,
  teamId,
} from './support/session';
import { expect, isolated, test } from './support/test';

test('signs in by picking a seeded user, and out again', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'sign-in');

  await page.getByRole('button', { name: /Alice/ }).click();
  // One team: straight into it.
  await expectTeamHome(page);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Alice');

  const teamUrl = page.url();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // Signed out: a team page (a link someone followed) sends you to sign in, and back to it afterwards.
  const membersPath = `${new URL(teamUrl).pathname.replace(/\/[^/]+$/, '')}/members?view=all`;
  await page.goto(membersPath);
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === membersPath);
  await page.getByRole('button', { name: /Alice/ }).click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === membersPath);
});

test('an unknown email is refused with a message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Or any email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('#sign-in-error')).toHaveText('No user with the email nobody@example.com.');
  await expect(page.getByLabel('Or any email')).toHaveAttribute('aria-invalid', 'true');
});

test('Bob (a member) gets no owner controls, and the API answers 403 when he tries', async ({ page, request }) => {
  const acme = await teamId(request, 'Acme');
  const members = (await (await request.get(`/api/teams/${acme}/members`)).json()) as {
    data: { id: number; user: { email: string } }[];
  };
  const alice = members.data.find((member) => member.user.email === ALICE);
  expect(alice).toBeDefined();
  await signInAs(page.request, BOB);

  // The members page: Alice's row, with no role select and no Remove; no invite form; Leave on his own row.
  await page.goto(`/teams/${acme}/members`);
  const aliceRow = page.getByTestId('member-row').filter({ hasText: ALICE });
  await expect(aliceRow).toContainText('owner');
  await expect(aliceRow.getByRole('button')).toHaveCount(0);
  await expect(page.getByLabel(`Role of ${isolated('Alice')}`)).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(page.getByTestId('member-row').filter({ hasText: BOB }).getByRole('button')).toHaveText('Leave team');

  // Nor may he through the API: neither remove Alice nor change her role.
  const removed = await page.request.delete(`/api/teams/${acme}/members/${alice?.id}`);
  expect(removed.status()).toBe(403);
  expect((await removed.json()).error.code).toBe('FORBIDDEN');
  const demoted = await page.request.patch(`/api/teams/${acme}/members/${alice?.id}`, {
    data: { data: { role: 'member' } },
  });
  expect(demoted.status()).toBe(403);
  expect(await memberRoleOf(request, acme, ALICE)).toBe('owner');

  // API keys are for owners: no link, and the page says so.
  await expect(page.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await page.goto(`/teams/${acme}/api-keys`);
  await expect(page.getByText('Only team owners can manage API keys.')).toBeVisible();
  expect((await page.request.get(`/api/teams/${acme}/api-keys`)).status()).toBe(403);
});

// demo:begin
test('Bob (a member) gets no delete button on a campaign, and the API answers 403 when he tries', async ({
  page,
  request,
}) => {
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

  // Nor bulk archive (owners only).
  await page.goto(`/teams/${acme}/campaigns`);
  await expect(page.getByRole('button', { name: 'Publish selected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive selected' })).toHaveCount(0);
});
// demo:end

test('Carol (Globex) cannot open Acme: the not-found page, as the API answers 404', async ({ page, request }) => {
  const acme = await teamId(request, 'Acme');
  await signInAs(page.request, CAROL);

  for (const path of [`/teams/${acme}`, `/teams/${acme}/members`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    // In the page, not the header: an app renamed "Acme Widgets" (appName.ts) shows that name above every page.
    await expect(page.getByRole('main').getByText('Acme')).toHaveCount(0);
  }

  const api = await page.request.get(`/api/teams/${acme}/members`);
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe('NOT_FOUND');
});
