/**
 * Real accounts in Chromium on `next start`: two people sign up, one creates
 * a team and invites the other, who accepts in a second browser; roles change,
 * the member is removed; signing out makes the old cookie a 401 everywhere;
 * the password changes; repeated wrong passwords get a 429 on the page.
 */
import { request as playwrightRequest } from '@playwright/test';
import { teamHomePath } from '../app/lib/teamHomePath';
import { expectTeamHome, memberRoleOf } from './support/session';
import { expect, isolated, type Page, test, waitForHydration } from './support/test';

const PASSWORD = 'e2e correct horse';

function uniqueEmail(who: string): string {
  return `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signUp(page: Page, name: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(name);
}

async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'app_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  return `app_session=${cookie?.value}`;
}

test('sign up, create a team, invite, accept in a second browser, change the role, remove', async ({
  page,
  browser,
  baseURL,
}) => {
  const ownerEmail = uniqueEmail('olga');
  const memberEmail = uniqueEmail('max');
  await signUp(page, 'Olga', ownerEmail);
  await page.getByRole('link', { name: 'New team' }).click();
  const form = page.getByRole('form', { name: 'New team' });
  await form.getByLabel('Team name').fill(`Olga's team ${Date.now()}`);
  await form.getByRole('button', { name: 'Create team' }).click();
  const teamId = await expectTeamHome(page);

  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(memberEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const link = (await page.getByTestId('invite-link').textContent()) ?? '';
  const path = new URL(link, 'http://placeholder').pathname;

  // Max has no account yet: the link sends him to sign up, then back to accept.
  const maxContext = await browser.newContext({ baseURL });
  try {
    const max = await maxContext.newPage();
    await max.goto(path);
    await max.getByRole('link', { name: 'Create an account' }).click();
    await waitForHydration(max);
    await max.getByLabel('Name').fill('Max');
    await max.getByLabel('Email').fill(memberEmail);
    await max.getByLabel(/^Password/).fill(PASSWORD);
    await max.getByRole('button', { name: 'Create account' }).click();
    await expect(max).toHaveURL(path);
    await waitForHydration(max);
    await max.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(max).toHaveURL(teamHomePath(teamId));
  } finally {
    await maxContext.close();
  }

  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  const maxRow = page.getByTestId('member-row').filter({ hasText: memberEmail });
  await expect(maxRow).toContainText('member');
  const save = members.getByRole('button', { name: `Save role of ${isolated('Max')}` });
  for (const [role, announced] of [
    ['owner', 'is now an owner.'],
    ['member', 'is now a member.'],
  ] as const) {
    await members.getByLabel(`Role of ${isolated('Max')}`).selectOption(role);
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: `${isolated('Max')} ${announced}` })).toBeVisible();
    // Done once the row has reread the role (Save unavailable: nothing left to change). Before that the row
    // still has the old role, and picking it next would leave Save unavailable for good.
    await expect(save).toBeDisabled();
    await expect.poll(async () => memberRoleOf(page.request, teamId, memberEmail)).toBe(role);
  }
  await maxRow.getByRole('button', { name: `Remove ${isolated('Max')}` }).click();
  await maxRow.getByRole('button', { name: `Yes, remove ${isolated('Max')}` }).click();
  await expect(maxRow).toHaveCount(0);
  expect(await memberRoleOf(page.request, teamId, memberEmail)).toBeUndefined();
});

test('signs up, signs out, and the copied cookie is refused on REST, tRPC and the session route', async ({
  page,
  baseURL,
}) => {
  await signUp(page, 'Erin', uniqueEmail('erin'));
  const cookie = await sessionCookie(page);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  const replay = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  try {
    const session = await replay.get('/api/session');
    expect(session.status()).toBe(401);
    expect((await session.json()).error.code).toBe('UNAUTHORIZED');
    expect((await replay.get('/api/teams/1/members')).status()).toBe(401);
    const input = encodeURIComponent(JSON.stringify({ teamId: 1 }));
    expect((await replay.get(`/api/trpc/teams.members.index?input=${input}`)).status()).toBe(401);
  } finally {
    await replay.dispose();
  }
});

test('signs in with a password, changes it, and the old one stops working', async ({ page }) => {
  const email = uniqueEmail('frank');
  await signUp(page, 'Frank', email);
  await page.goto('/account');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText(/Password changed/);
  // The form is emptied: pressing again cannot resend the old password (now wrong, a failed attempt).
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByLabel('New password')).toHaveValue('');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page.locator('#password-sign-in-error')).toHaveText(/invalid email or password/i);

  await page.getByLabel('Password', { exact: true }).fill('a brand new password');
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Frank');
});

test('repeated wrong passwords get 429 with Retry-After, shown on the sign-in page', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('gina');
  // better-auth refuses a POST without an Origin (browsers always send one).
  const headers = { origin: baseURL as string };
  const created = await request.post('/api/auth/sign-up/email', {
    headers,
    data: { name: 'Gina', email, password: PASSWORD },
  });
  expect(created.status()).toBe(200);

  // The default limit is 5 failures per (account, address) in 15 minutes.
  for (let attempt = 1; attempt <= 5; attempt++) {
    const failed = await request.post('/api/auth/sign-in/email', {
      headers,
      data: { email, password: `wrong ${attempt}` },
    });
    expect(failed.status(), `attempt ${attempt}`).toBe(401);
  }
  const limited = await request.post('/api/auth/sign-in/email', { headers, data: { email, password: PASSWORD } });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  expect((await limited.json()).error.code).toBe('TOO_MANY_REQUESTS');

  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  // When to try again, in words, from Retry-After (the window is 15 minutes).
  await expect(page.locator('#password-sign-in-error')).toHaveText(
    /^Too many failed sign-in attempts\. Try again in (1[0-5]|[1-9]) minutes?\.$/,
  );
});
