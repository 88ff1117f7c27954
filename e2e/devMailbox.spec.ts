/**
 * The README's dev mailbox, clicked through as a newcomer does it: the real
 * `npm run dev` on its zero-config path (embedded PostgreSQL, s3rver, the
 * mail catcher, `next dev`), then in the browser: forgot password ->
 * /dev/mail shows the mail (it refreshes itself while the job sends it) ->
 * its button, inside the sandboxed frame, opens the reset page in the tab ->
 * a new password -> signed in -> the "password changed" mail -> Empty the
 * mailbox. e2e/mail.spec.ts tests the same mails on `next start` through the
 * `mailbox` fixture; this spec is the page a person reads them on.
 */
import { type DevServer, startDevServer } from '../scripts/testing/startDevServer';
import { expect, test, waitForHydration } from './support/test';

// `next dev` compiles each route on its first request: tens of seconds each on a loaded 2-core machine.
test.describe.configure({ timeout: 360_000 });

let dev: DevServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dev = await startDevServer({ env: { DEV_SEED: 'false' } });
  await expect
    .poll(
      () =>
        fetch(`${dev.baseURL}/api/ready`).then(
          (response) => response.status,
          () => 0,
        ),
      {
        message: `npm run dev to be ready:\n${dev.output()}`,
        timeout: 220_000,
        intervals: [500],
      },
    )
    .toBe(200);
});

test.afterAll(async () => {
  await dev?.stop();
});

test('forgot password under npm run dev: the mail at /dev/mail, its button, a new password, the notice', async ({
  page,
  playwright,
}) => {
  const email = `dora-${Date.now()}@example.com`;
  const api = await playwright.request.newContext({ baseURL: dev.baseURL });
  const signUp = await api.post('/api/auth/sign-up/email', {
    data: { name: 'Dora', email, password: 'dev correct horse' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await api.dispose();

  await page.goto(`${dev.baseURL}/sign-in`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 60_000 });
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a reset link is on its way', { timeout: 60_000 });

  await page.goto(`${dev.baseURL}/dev/mail`);
  const resetMail = page.getByRole('article', { name: 'Reset your password' });
  // Sent by a job a moment later: the page looks again every 5 s by itself.
  await expect(resetMail).toBeVisible({ timeout: 60_000 });
  await expect(resetMail).toContainText(`To ${email}`);
  await expect(resetMail.getByRole('listitem')).toHaveCount(1);
  await resetMail.frameLocator('iframe').getByRole('link', { name: 'Choose a new password' }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/, { timeout: 60_000 });
  await waitForHydration(page);

  await page.getByLabel('New password').fill('a fresh dev password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=done$/, { timeout: 60_000 });
  await waitForHydration(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a fresh dev password');
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Dora', { timeout: 60_000 });

  await page.goto(`${dev.baseURL}/dev/mail`);
  await expect(page.getByRole('article', { name: 'Your password was changed' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'Empty the mailbox' }).click();
  await expect(page.getByText('No mail yet.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});
