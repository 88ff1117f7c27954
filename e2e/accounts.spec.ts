/**
 * Real accounts in Chromium on `next start`: sign up, sign out and replay the
 * old cookie (401 everywhere), change the password, and the failed sign-in
 * limit (429 shown on the page).
 */
import { request as playwrightRequest } from '@playwright/test';
import { expect, type Page, test } from './support/test';

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
    expect((await replay.get('/api/teams/1/campaigns')).status()).toBe(401);
    const input = encodeURIComponent(JSON.stringify({ teamId: 1 }));
    expect((await replay.get(`/api/trpc/teams.campaigns.index?input=${input}`)).status()).toBe(401);
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
  await expect(page.locator('#password-sign-in-error')).toHaveText(/Too many failed sign-in attempts/);
});
