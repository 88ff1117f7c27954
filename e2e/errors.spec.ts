/**
 * What a person sees when something goes wrong: the app's own error page
 * (never Next's generic "This page couldn't load" / "Application error"), the
 * not-found pages, and the favicon (no 404 in the console on every page).
 *
 * The failure is forced with `/e2e/fault`, a page that throws on the server
 * only when E2E_FAULTS is on (scripts/e2eServer.ts sets it; elsewhere that
 * page is a 404). A real fault (the database gone) cannot be caused here
 * without breaking the other specs that share the server.
 */

import { appName } from '../appName';
import { ALICE, expectTeamHome, screenshot, signInAs } from './support/session';
import { expect, test } from './support/test';

const GENERIC = /This page couldn.t load|Application error|A server error occurred/;

test('a page that fails shows the app error page: message, reference, Try again and home; no details', async ({
  page,
}, testInfo) => {
  const response = await page.goto('/e2e/fault');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  // Next's digest, the id it logs beside the real error on the server.
  await expect(page.getByTestId('error-reference')).toHaveText(/^\w+$/);
  // The root layout did not fail: the site header is still there.
  await expect(page.getByRole('banner').getByRole('link', { name: appName })).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(GENERIC);
  // Neither the thrown message nor a stack frame reaches the browser.
  expect(text).not.toMatch(/Deliberate failure|E2E_FAULTS|\bat \S+ \(|\.tsx?:\d+/);

  const file = await screenshot(page, 'error-page');
  await testInfo.attach('error-page', { path: file, contentType: 'image/png' });

  // Try again asks the server again (the page fails again here, and is still the app's).
  const again = page.waitForRequest((request) => new URL(request.url()).pathname === '/e2e/fault');
  await page.getByRole('button', { name: 'Try again' }).click();
  await again;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(page.locator('body')).not.toContainText(GENERIC);

  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(appName);
});

// demo:begin
test('a campaign that does not exist is a 404 inside the team, with a way back into it', async ({ page }) => {
  const session = await signInAs(page.request, ALICE);
  const acme = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;
  const response = await page.goto(`/teams/${acme}/campaigns/2147483000`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found');
  await expect(page.getByText('This does not exist in this team, or it has been deleted.')).toBeVisible();
  // Still inside the team: its bar and sections are there.
  await expect(page.getByRole('navigation', { name: 'Team' })).toBeVisible();
  await page.getByRole('link', { name: '← Back to the team' }).click();
  await expectTeamHome(page, acme);
});
// demo:end

test('an unknown page is the app 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found');
  await expect(page.getByRole('link', { name: 'Back to your teams' })).toBeVisible();
});

test('/favicon.ico and the SVG icon the pages link to answer 200', async ({ page, request }) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  // An ICO file: reserved 0, type 1.
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  await page.goto('/');
  const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect(href).toMatch(/^\/icon\.svg/);
  const svg = await request.get(href ?? '');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
});
