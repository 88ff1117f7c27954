/**
 * The Account page for users who signed up in the test (never a seeded one:
 * other specs rely on Alice, Bob and Carol): changing the display name, and
 * deleting the account (refused while the only owner of a team with members;
 * without a password, only soon after signing in).
 */
import { request as playwrightRequest } from '@playwright/test';
import postgres from 'postgres';
import { readE2eServices } from '../scripts/e2eServices';
import { signInAs } from './support/session';
import { expect, isolated, type Page, test } from './support/test';

const PASSWORD = 'e2e correct horse';

function uniqueEmail(who: string): string {
  return `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(name);
}

test('changes the name: trimmed, shown in the header and on the page; a blank one is refused beside the field', async ({
  page,
}) => {
  await signUp(page, 'Gina', uniqueEmail('gina'));
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Change name' });
  const name = form.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Gina');

  // Only spaces and a zero-width space: nothing visible, refused by the server beside the field.
  await name.fill('   \u200b ');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription("can't be blank");
  await expect(name).toBeFocused();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Gina');

  await name.fill('  Gina Rossi\u200b ');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(form.getByRole('status')).toHaveText('Name changed.');
  await expect(page.getByTestId('signed-in-as')).toHaveText('Gina Rossi');
  await expect(page.getByText('Signed in as Gina Rossi')).toBeVisible();
  await expect(name).toHaveValue('Gina Rossi');
  await expect(name).not.toHaveAttribute('aria-invalid');

  // The same name with spaces around it: stored as it was, and the field says so too.
  await name.fill(' Gina Rossi  ');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(form.getByRole('status')).toHaveText('Name changed.');
  await expect(name).toHaveValue('Gina Rossi');

  // Stored, not only shown: a fresh load reads it from the database.
  await page.reload();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Gina Rossi');
});

test('deletes the account: refused while the only owner of a team with members, then signed out for good', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('hana');
  const memberEmail = uniqueEmail('ivo');
  await signUp(page, 'Hana', email);
  const teamName = `Hana's team ${Date.now()}`;
  const created = await page.request.post('/api/teams', { data: { name: teamName } });
  expect(created.status()).toBe(201);
  const team = (await created.json()) as { id: number };
  const invited = await page.request.post(`/api/teams/${team.id}/invitations`, {
    data: { email: memberEmail, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  const token = new URL(((await invited.json()) as { link: string }).link).pathname.split('/').pop();
  // Ivo signs up in a browser of his own and joins Hana's team.
  const ivo = await playwrightRequest.newContext({ baseURL });
  try {
    const signedUp = await ivo.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL as string },
      data: { name: 'Ivo', email: memberEmail, password: PASSWORD },
    });
    expect(signedUp.status()).toBe(200);
    expect((await ivo.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);
  } finally {
    await ivo.dispose();
  }

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Delete account' });
  const password = section.getByLabel('Your password');
  await password.fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete account' }).click();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(section.getByRole('alert')).toContainText(`You are the only owner of “${isolated(teamName)}”`);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Hana');

  // Ivo is removed; now the team is Hana's alone and goes with her. A wrong password first: beside the field.
  const members = (await (await page.request.get(`/api/teams/${team.id}/members`)).json()) as {
    data: { id: number; user: { email: string } }[];
  };
  const ivoMembership = members.data.find((member) => member.user.email === memberEmail);
  expect((await page.request.delete(`/api/teams/${team.id}/members/${ivoMembership?.id}`)).status()).toBe(200);
  await password.fill('not my password');
  await section.getByRole('button', { name: 'Delete account' }).click();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(password).toHaveAccessibleDescription('is incorrect');
  await expect(password).toBeFocused();

  await password.fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete account' }).click();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText('Your account was deleted, and you were signed out.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeFocused();
  await expect(page.getByTestId('signed-in-as')).toHaveCount(0);
  expect((await page.request.get('/api/session')).status()).toBe(401);

  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page.locator('#password-sign-in-error')).toHaveText(/invalid email or password/i);
});

/** Runs `work` on the e2e server's database (no OAuth provider is set up here: the rows are made directly). */
async function inDatabase(work: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const url = readE2eServices().DATABASE_URL;
  if (!url) throw new Error('the e2e services file names no DATABASE_URL');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await work(sql);
  } finally {
    await sql.end();
  }
}

/** Turns `email`'s account into what an OAuth-only sign-up leaves: a provider's account row, no password. */
function withoutPassword(email: string): Promise<void> {
  return inDatabase(async (sql) => {
    await sql`delete from accounts where provider_id = 'credential' and user_id = (select id from users where email = ${email})`;
    await sql`insert into accounts (user_id, provider_id, account_id) select id, 'github', 'gh-' || id from users where email = ${email}`;
  });
}

/** Makes `email`'s sessions look signed in `minutes` ago (still live: only their start moves). */
function signedInMinutesAgo(email: string, minutes: number): Promise<void> {
  return inDatabase(
    (sql) =>
      sql`update sessions set created_at = now() - make_interval(mins => ${minutes}) where user_id = (select id from users where email = ${email})`,
  );
}

test('an account without a password: no password asked, a sign-in too long ago asks for a new one, then deletes', async ({
  page,
}) => {
  const email = uniqueEmail('oren');
  await signUp(page, 'Oren', email);
  await withoutPassword(email);

  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Change password' })).toContainText(
    'Your account has no password: you sign in through your provider.',
  );
  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section.getByLabel('Your password')).toHaveCount(0);
  // The window as the page states it (DELETION_SIGN_IN_WINDOW_SECONDS), so a changed one needs no edit here.
  const said = await section.getByText(/it can be deleted within \d+ minutes of signing in\./).textContent();
  const windowMinutes = Number(/within (\d+) minutes/.exec(said ?? '')?.[1]);
  expect(windowMinutes).toBeGreaterThan(0);
  await signedInMinutesAgo(email, windowMinutes + 1);
  await section.getByRole('button', { name: 'Delete account' }).click();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(section.getByRole('alert')).toContainText('Sign in again to delete your account');
  await section.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=\/account$/);

  // The provider's sign-in would start a new session; here the dev sign-in does.
  await signInAs(page.request, email);
  await page.goto('/account');
  await section.getByRole('button', { name: 'Delete account' }).click();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText('Your account was deleted, and you were signed out.');
  expect((await page.request.get('/api/session')).status()).toBe(401);
});
