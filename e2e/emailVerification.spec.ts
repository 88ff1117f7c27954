/**
 * Sign-up with REQUIRE_EMAIL_VERIFICATION=true, in the browser: this build's
 * standalone server with the setting on, on the e2e run's database, storage
 * and mail catcher. The form says to open the mailed link and starts no
 * session; password sign-in is refused until the link is opened, and mails a
 * new link; the mails arrive through the job queue, and clicking the newest
 * one's button confirms the address and signs the user in; the password then
 * works.
 */
import { readE2eServices } from '../scripts/e2eServices';
import { expect, test } from './support/mailbox';
import { startProductionServer } from './support/productionServer';
import { waitForHydration } from './support/test';

const PASSWORD = 'e2e verified horse';

test('sign-up mails a confirmation link; opening it signs in, and the password works after', async ({
  browser,
  mailbox,
}) => {
  test.setTimeout(90_000);
  const server = await startProductionServer('standalone', (port) => ({
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'verification-test-secret-not-for-production-01',
    ...readE2eServices(),
    REQUIRE_EMAIL_VERIFICATION: 'true',
  }));
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    await expect
      .poll(async () => (await context.request.get('/api/ready').catch(() => undefined))?.status(), {
        timeout: 30_000,
      })
      .toBe(200);
    const page = await context.newPage();
    const email = `vera-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

    await page.goto('/sign-up');
    await waitForHydration(page);
    await page.getByLabel('Name').fill('Vera');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Almost done: we mailed you a link to confirm your email address. Open it to sign in.',
    );
    // No session yet, and the password is refused until the address is confirmed.
    expect((await context.request.get('/api/session')).status()).toBe(401);
    await page.goto('/sign-in');
    await waitForHydration(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect(page.getByRole('form', { name: 'Password sign-in' }).getByRole('alert')).toHaveText(
      /^Email not verified: open the link we mailed you\. A new one is on its way/,
    );
    expect((await context.request.get('/api/session')).status()).toBe(401);

    // Two mails through the queue (sign-up's, and the new link the sign-in sent); the newest one's
    // button, clicked where the mail shows it.
    await expect.poll(async () => (await mailbox.all(email)).length, { timeout: 20_000 }).toBe(2);
    const mail = await mailbox.latest(email, { subject: 'Confirm your email address' });
    const link = mailbox.link(mail, /\/api\/auth\/verify-email/);
    expect(new URL(link).origin).toBe(server.baseURL);
    expect(mail.text).toContain(link);
    await page.setContent(mail.html);
    await page.getByRole('link', { name: 'Confirm my email' }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/`));
    await waitForHydration(page);
    await expect(page.getByTestId('signed-in-as')).toHaveText('Vera');
    expect((await context.request.get('/api/session')).status()).toBe(200);

    // Signed out, the password now signs in.
    await context.clearCookies();
    await page.goto('/sign-in');
    await waitForHydration(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect(page.getByTestId('signed-in-as')).toHaveText('Vera');
  } finally {
    await context.close();
    await server.stop();
  }
});
