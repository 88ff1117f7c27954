/**
 * Mail that arrives, read where it arrived: the app on `next start` sends
 * over real SMTP (through its job queue) to the e2e server's mail catcher,
 * and the `mailbox` fixture reads it. Forgot password -> the mail -> its
 * link -> a new password -> sign in (and the "password changed" notice);
 * a change on the account page -> the notice -> its button -> a reset mail;
 * invite -> the invitee's mail -> sign up from the link -> joined. With
 * REQUIRE_EMAIL_VERIFICATION off (the default) sign-up mails nothing; the
 * setting on is tested against the handlers (backend/auth/emailVerification.test.ts).
 * The dev mailbox page and its API are 404s in production.
 */
import { teamHomePath } from '../app/lib/teamHomePath';
import { type CaughtMail, expect, test } from './support/mailbox';
import { teamId } from './support/session';
import { waitForHydration } from './support/test';

const PASSWORD = 'e2e correct horse';

function uniqueEmail(who: string): string {
  return `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Both parts, From: MAIL_FROM's address, and `link` absolute on the app's origin in each. */
function expectWellFormed(mail: CaughtMail, link: string, port: string | undefined): void {
  expect(mail.from).toMatch(/<[^>]+@[^>]+>$|^[^<>]+@[^<>]+$/);
  expect(mail.text.length).toBeGreaterThan(20);
  expect(mail.html).toMatch(/<html/i);
  expect(mail.text).toContain(link);
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
  expect(new URL(link).origin).toMatch(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${port}$`));
}

test('forgot password: the mail, its link, a new password, sign in; then a "password changed" notice', async ({
  page,
  request,
  mailbox,
}) => {
  const email = uniqueEmail('rita');
  const signUp = await request.post('/api/auth/sign-up/email', { data: { name: 'Rita', email, password: PASSWORD } });
  expect(signUp.status()).toBe(200);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a reset link is on its way');

  const mail = await mailbox.latest(email, { subject: 'Reset your password' });
  const link = mailbox.link(mail, /\/api\/auth\/reset-password\//);
  expectWellFormed(mail, link, process.env.E2E_PORT);

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const resetPage = page.url();
  await waitForHydration(page);
  await page.getByLabel('New password').fill('a fresh new password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=done$/);
  await expect(page.getByRole('status')).toHaveText('Your password was changed. Sign in with the new one.');
  await waitForHydration(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a fresh new password');
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Rita');

  const notice = await mailbox.latest(email, { subject: 'Your password was changed' });
  expectWellFormed(notice, mailbox.link(notice, /\/forgot-password$/), process.env.E2E_PORT);

  // The form again (a second tab left open), its token now used: the answer says so and offers a new link.
  await page.goto(resetPage);
  await waitForHydration(page);
  await page.getByLabel('New password').fill('yet another password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.locator('#reset-password-error')).toHaveText(
    /This link is invalid or has expired\. Ask for a new link/,
  );
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // Verification is off by default: sign-up mailed nothing else.
  expect((await mailbox.all(email)).map((sent) => sent.subject).sort()).toEqual([
    'Reset your password',
    'Your password was changed',
  ]);
});

test('a password changed on the account page sends the notice; its button leads to a reset that works', async ({
  page,
  mailbox,
}) => {
  const email = uniqueEmail('otto');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Otto', email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(200);
  await page.goto('/account');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('another new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText(/Password changed/);

  const notice = await mailbox.latest(email, { subject: 'Your password was changed' });
  expectWellFormed(notice, mailbox.link(notice, /\/forgot-password$/), process.env.E2E_PORT);

  // "If you did not": the mail's button, clicked where the mail shows it, opens the reset form, and a reset follows.
  await page.setContent(notice.html);
  await page.getByRole('link', { name: 'Reset my password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a reset link is on its way');
  const reset = await mailbox.latest(email, { subject: 'Reset your password' });
  expectWellFormed(reset, mailbox.link(reset, /\/api\/auth\/reset-password\//), process.env.E2E_PORT);
});

test('invite: the invitee gets the mail, signs up from its link and joins the team', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const acme = await teamId(page.request, 'Acme');
  const email = uniqueEmail('nina');
  await page.goto(`/teams/${acme}/members`);
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invite-link')).toBeVisible();

  const mail = await mailbox.latest(email, { subject: '\u2068Alice\u2069 invited you to join \u2068Acme\u2069' });
  const link = mailbox.link(mail, /\/invitations\/[A-Za-z0-9_-]{43}$/);
  expectWellFormed(mail, link, process.env.E2E_PORT);
  expect(link).toBe(await page.getByTestId('invite-link').textContent());

  const ninaContext = await browser.newContext({ baseURL });
  try {
    const nina = await ninaContext.newPage();
    await nina.goto(link);
    await expect(nina.getByRole('heading', { name: 'Join Acme' })).toBeVisible();
    await nina.getByRole('link', { name: 'Create an account' }).click();
    await waitForHydration(nina);
    await nina.getByLabel('Name').fill('Nina');
    await nina.getByLabel('Email').fill(email);
    await nina.getByLabel(/^Password/).fill(PASSWORD);
    await nina.getByRole('button', { name: 'Create account' }).click();
    await expect(nina).toHaveURL(new URL(link).pathname);
    await waitForHydration(nina);
    await nina.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(nina).toHaveURL(teamHomePath(acme));
  } finally {
    await ninaContext.close();
  }
  await page.goto(`/teams/${acme}/members`);
  await expect(page.getByTestId('member-row').filter({ hasText: email })).toContainText('member');
});

test('the dev mailbox page and its API are 404s in production', async ({ request }) => {
  expect((await request.get('/dev/mail')).status()).toBe(404);
  const api = await request.get('/dev/mail/messages');
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe('NOT_FOUND');
});
