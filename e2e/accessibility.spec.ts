/**
 * The accessibility check (axe: no serious or critical violation, see
 * support/accessibility.ts) on every page the README tour does not open:
 * the forms for new records, the team's members, invitations and API keys,
 * the account, sign-up and password pages, the error and not-found pages,
 * and the demo's upload widgets while idle, uploading and failed. Each
 * page is checked as it first shows and, where it has a form, with the
 * errors a wrong submit brings.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { appName } from '../appName';
import { expectAccessible } from './support/accessibility';
import { makePdf, makePng } from './support/files';
import { ALICE, signInAs, teamId, uniqueName } from './support/session';
import { expect, test } from './support/test';

test.describe('pages signed out', () => {
  test('sign-up, with the errors of a wrong submit', async ({ page }) => {
    await page.goto('/sign-up');
    await expectAccessible(page, 'the sign-up page');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('A');
    await form.getByLabel('Email').fill('alice@example.com');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button').click();
    await expect(form.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
    await expectAccessible(page, 'the sign-up page with its errors');
  });

  test('forgot password, and reset password with a missing and a present token', async ({ page }) => {
    await page.goto('/forgot-password');
    await expectAccessible(page, 'the forgot-password page');
    await page.goto('/reset-password');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('invalid or has expired');
    await expectAccessible(page, 'the reset-password page without a token');
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByRole('form', { name: 'Reset password' })).toBeVisible();
    await expectAccessible(page, 'the reset-password form');
  });

  test('the error page and the not-found page', async ({ page }) => {
    await page.goto('/e2e/fault');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expectAccessible(page, 'the error page');
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expectAccessible(page, 'the not-found page');
  });

  test('an invitation, opened signed out, and an invalid invitation link', async ({ page, browser }) => {
    await signInAs(page.request, ALICE);
    const acme = await teamId(page.request, 'Acme');
    const created = await page.request.post(`/api/teams/${acme}/invitations`, {
      data: { data: { email: `${uniqueName('a11y').replace(/\W+/g, '-')}@example.com`, role: 'member' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const link = String(((await created.json()) as { link: string }).link);
    const path = new URL(link).pathname;

    // Signed in as someone else: the page says to switch account.
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Acme');
    await expectAccessible(page, 'an invitation opened by another account');

    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto(new URL(path, page.url()).href);
    await expect(stranger.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
    await expectAccessible(stranger, 'an invitation opened signed out');
    await stranger.goto(new URL('/invitations/not-a-real-token', page.url()).href);
    await expect(stranger.getByText('This invitation link is not valid.')).toBeVisible();
    await expectAccessible(stranger, 'an invalid invitation link');
    await context.close();
  });
});

test.describe('pages signed in as Alice', () => {
  let acme: number;
  test.beforeEach(async ({ page }) => {
    acme = await teamId(page.request, 'Acme');
  });

  test('the account page, with the errors of a wrong current password', async ({ page }) => {
    await page.goto('/account');
    await expectAccessible(page, 'the account page');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-her-password');
    await form.getByLabel('New password').fill('another-long-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
    await expectAccessible(page, 'the account page with its errors');
  });

  test('the new team form, empty and with its errors', async ({ page }) => {
    await page.goto('/teams/new');
    await expectAccessible(page, 'the new team form');
    await page.getByRole('form', { name: 'New team' }).getByRole('button', { name: 'Create team' }).click();
    await expect(page.getByLabel('Team name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'the new team form with its errors');
  });

  test('members, with an invitation pending and the invite form’s errors', async ({ page }) => {
    await page.goto(`/teams/${acme}/members`);
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Email').fill(`${uniqueName('invitee').replace(/\W+/g, '-')}@example.com`);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('invite-link')).toBeVisible();
    await expectAccessible(page, 'the members page with a new invitation');
    await invite.getByLabel('Email').fill('not an address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'the members page with the invite form’s errors');
    // A revoke asking first.
    await page
      .getByRole('table', { name: 'Pending invitations' })
      .getByRole('button', { name: /^Revoke/ })
      .first()
      .click();
    await expectAccessible(page, 'the members page asking to revoke an invitation');
  });

  test('API keys, as they first show and with the form’s errors', async ({ page }) => {
    await page.goto(`/teams/${acme}/api-keys`);
    await expectAccessible(page, 'the API keys page');
    await page.getByRole('form', { name: 'New API key' }).getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByLabel('Key name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'the API keys page with the form’s errors');
  });

  test('the team’s name is in a landmark (axe’s region rule)', async ({ page }) => {
    await page.goto(`/teams/${acme}/members`);
    const results = await new AxeBuilder({ page }).withRules(['region']).analyze();
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([]);
  });

  // demo:begin
  test('page titles say what the page shows: a campaign’s name, or Not found', async ({ page }) => {
    const id = await newCampaignId(page.request, acme);
    await page.goto(`/teams/${acme}/campaigns/${id}`);
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await expect(page).toHaveTitle(`${name} · ${appName}`);
    await page.goto(`/teams/${acme}/campaigns/987654321`);
    await expect(page).toHaveTitle(`Not found · ${appName}`);
    await page.goto('/nope');
    await expect(page).toHaveTitle(`Not found · ${appName}`);
  });

  test('a campaign that does not exist: the not-found page inside the team', async ({ page }) => {
    const response = await page.goto(`/teams/${acme}/campaigns/987654321`);
    expect(response?.status()).toBe(404);
    await expectAccessible(page, 'a missing campaign');
  });

  test('a campaign’s edit and post forms with their errors, and its delete asking first', async ({ page }) => {
    const id = await newCampaignId(page.request, acme);
    await page.goto(`/teams/${acme}/campaigns/${id}`);
    const edit = page.getByRole('form', { name: 'Edit campaign' });
    await edit.getByLabel('Name').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    const post = page.getByRole('form', { name: 'New post' });
    await post.getByRole('button', { name: 'Add post' }).click();
    await expect(post.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'a campaign page with the errors of its forms');
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: 'Yes, delete' })).toBeVisible();
    await expectAccessible(page, 'a campaign page asking before a delete');
  });

  test('the upload widgets: idle, uploading, failed', async ({ page }) => {
    const id = await newCampaignId(page.request, acme);
    await page.goto(`/teams/${acme}/campaigns/${id}`);
    await expect(page.getByRole('region', { name: 'Video' })).toBeVisible();
    await expectAccessible(page, 'the upload widgets, idle');

    // Storage holds every PUT until released: the widgets stay in "uploading".
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.searchParams.has('X-Amz-Signature'),
      async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        await held;
        return route.abort('connectionrefused').catch(() => {});
      },
    );
    const logo = page.getByRole('region', { name: 'Logo' });
    const documents = page.getByRole('region', { name: /Documents/ });
    await logo
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'a11y.png', mimeType: 'image/png', buffer: makePng(64) });
    await documents
      .getByLabel('Choose PDFs')
      .setInputFiles({ name: 'a11y.pdf', mimeType: 'application/pdf', buffer: makePdf('a11y') });
    await expect(logo.getByTestId('upload-item')).toHaveAttribute('data-stage', 'uploading');
    await expect(documents.getByTestId('upload-item')).toHaveAttribute('data-stage', 'uploading');
    await expectAccessible(page, 'the upload widgets, uploading');

    release();
    await expect(logo.getByTestId('upload-item')).toHaveAttribute('data-stage', 'failed', { timeout: 15_000 });
    await expect(documents.getByTestId('upload-item')).toHaveAttribute('data-stage', 'failed', { timeout: 15_000 });
    // And a file refused before it is sent (not a PDF).
    await documents
      .getByLabel('Choose PDFs')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(documents.getByRole('alert').filter({ hasText: 'notes.txt' })).toBeVisible();
    await expectAccessible(page, 'the upload widgets, failed and refused');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
  // demo:end
});

// demo:begin
async function newCampaignId(request: APIRequestContext, team: number): Promise<number> {
  const response = await request.post(`/api/teams/${team}/campaigns`, {
    data: { data: { name: uniqueName('A11y'), status: 'draft' } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
// demo:end
