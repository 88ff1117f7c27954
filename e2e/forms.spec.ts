/**
 * Forms show what the API answered where it belongs, and removals ask first:
 * a field's error beside that field (sign-up, invitations, API keys), and
 * Cancel / "Yes, ..." on revoking an invitation, leaving a team and signing
 * out everywhere. (A 429's wait: e2e/accounts.spec.ts; removing a member:
 * e2e/members.spec.ts.)
 */
import { ALICE, CAROL, signInAs, uniqueName } from './support/session';
import { expect, type Locator, test, waitForHydration } from './support/test';

/** The text of the element an input names in aria-describedby: what a screen reader reads with the field. */
async function description(input: Locator): Promise<string> {
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  expect(ids, 'the input names its error').not.toBe('');
  const texts = await Promise.all(ids.split(/\s+/).map((id) => input.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

test("sign-up: a 300-character name shows the API's error beside the name field, focused", async ({ page }) => {
  await page.goto('/sign-up');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill('N'.repeat(300));
  await form.getByLabel('Email').fill(`${uniqueName('long').replace(/\W/g, '')}@example.com`);
  await form.getByLabel(/^Password/).fill('e2e correct horse');
  await form.getByRole('button', { name: 'Create account' }).click();

  const name = form.getByLabel('Name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await description(name)).toBe('is too long (maximum is 100 characters)');
  await expect(name).toBeFocused();
  // Beside the field, not a vague message under the form; the other fields are not marked.
  await expect(form.getByText('Invalid input')).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('sign-up and the account page: a password of only spaces is refused beside its field', async ({ page }) => {
  await page.goto('/sign-up');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill('Blank');
  const email = `${uniqueName('blank').replace(/\W/g, '')}@example.com`;
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill('        ');
  await form.getByRole('button', { name: 'Create account' }).click();

  const password = form.getByLabel(/^Password/);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(await description(password)).toBe("can't be blank");
  await expect(password).toBeFocused();
  await expect(page).toHaveURL(/\/sign-up$/);

  // A real account, whose new password may not be blank either.
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Blank', email, password: 'e2e correct horse' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.goto('/account');
  const change = page.getByRole('form', { name: 'Change password' });
  await change.getByLabel('Current password').fill('e2e correct horse');
  await change.getByLabel(/^New password/).fill('         ');
  await change.getByRole('button', { name: 'Change password' }).click();
  const newPassword = change.getByLabel(/^New password/);
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  expect(await description(newPassword)).toBe("can't be blank");
});

test('sign out everywhere asks first: Cancel keeps the session, Yes ends it', async ({ page }) => {
  const email = `${uniqueName('everywhere').replace(/\W/g, '')}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Everywhere', email, password: 'e2e correct horse' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.goto('/account');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(sessions).toContainText('Sign out of every device, this one too?');
  await expect(sessions.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await sessions.getByRole('button', { name: 'Cancel' }).click();
  await expect(sessions.getByRole('button', { name: 'Sign out everywhere' })).toBeFocused();
  expect((await page.request.get('/api/session')).status()).toBe(200);

  await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
  await sessions.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect((await page.request.get('/api/session')).status()).toBe(401);
});

test('invitations and API keys: the field error sits beside its field', async ({ page }) => {
  const session = await signInAs(page.request, ALICE);
  const acme = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;

  await page.goto(`/teams/${acme}/members`);
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill('not-an-email');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const email = invite.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(await description(email)).toBe('is not a valid email address');

  await page.goto(`/teams/${acme}/api-keys`);
  const keys = page.getByRole('form', { name: 'New API key' });
  await keys.getByRole('button', { name: 'Create key' }).click();
  const keyName = keys.getByLabel('Key name');
  await expect(keyName).toHaveAttribute('aria-invalid', 'true');
  expect(await description(keyName)).toMatch(/can't be blank/);
});

test('revoking an invitation and leaving a team ask first: Cancel keeps, Yes goes ahead, a refusal keeps focus', async ({
  page,
  browser,
}) => {
  // Alice's own team (leaving Acme would change the seeded world other specs use), with Carol invited.
  await signInAs(page.request, ALICE);
  const team = (await (await page.request.post('/api/teams', { data: { name: uniqueName('Confirm') } })).json()) as {
    id: number;
    name: string;
  };
  const invited = await page.request.post(`/api/teams/${team.id}/invitations`, {
    data: { email: CAROL, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  const spare = await page.request.post(`/api/teams/${team.id}/invitations`, {
    data: { email: 'spare@example.com', role: 'member' },
  });
  expect(spare.status()).toBe(201);

  await page.goto(`/teams/${team.id}/members`);
  const row = page.getByTestId('invitation-row').filter({ hasText: 'spare@example.com' });
  await row.getByRole('button', { name: 'Revoke invitation for spare@example.com' }).click();
  await expect(row).toContainText('Revoke the invitation for spare@example.com? Its link stops working.');
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('button', { name: 'Revoke invitation for spare@example.com' })).toBeFocused();
  await page.reload();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Revoke invitation for spare@example.com' }).click();
  await row.getByRole('button', { name: 'Yes, revoke the invitation for spare@example.com' }).click();
  await expect(row).toHaveCount(0);
  // The row and its button are gone: the section says what went, and focus is on its heading.
  await expect(
    page.getByRole('status').filter({ hasText: 'Revoked the invitation for spare@example.com.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending invitations' })).toBeFocused();

  // Alice is the team's only owner: leaving is refused, the row stays, and so does focus, on her button.
  const mine = page.getByTestId('member-row').filter({ hasText: '(you)' });
  await mine.getByRole('button', { name: 'Leave team' }).click();
  await mine.getByRole('button', { name: 'Yes, leave' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /last owner/ })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Leave team' })).toBeFocused();

  // Carol accepts, then leaves from the members page: first she stays, then she goes.
  const link = ((await invited.json()) as { link: string }).link;
  const carolContext = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    const carol = await carolContext.newPage();
    await signInAs(carol.request, CAROL);
    const token = link.split('/').pop() ?? '';
    expect((await carol.request.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);
    await page.goto(`/teams/${team.id}/members`);
    await expect(page.getByTestId('member-row').filter({ hasText: CAROL })).toHaveCount(1);

    await carol.goto(`/teams/${team.id}/members`);
    // Not the fixture's page: wait for React before clicking.
    await waitForHydration(carol);
    const own = carol.getByTestId('member-row').filter({ hasText: '(you)' });
    await own.getByRole('button', { name: 'Leave team' }).click();
    await expect(own).toContainText('Leave this team?');
    await own.getByRole('button', { name: 'Stay' }).click();
    await expect(own.getByRole('button', { name: 'Leave team' })).toBeVisible();
    await carol.reload();
    await waitForHydration(carol);
    await expect(carol.getByTestId('member-row').filter({ hasText: '(you)' })).toHaveCount(1);

    await own.getByRole('button', { name: 'Leave team' }).click();
    await own.getByRole('button', { name: 'Yes, leave' }).click();
    await expect(carol).toHaveURL(/\/$/);
    // The members page is gone for her: the home page says what happened, with focus on her teams' heading.
    await expect(carol.getByRole('status').filter({ hasText: `You left \u2068${team.name}\u2069.` })).toBeVisible();
    await expect(carol.getByRole('heading', { name: 'Your teams' })).toBeFocused();
    await page.reload();
    await expect(page.getByTestId('member-row').filter({ hasText: CAROL })).toHaveCount(0);
  } finally {
    await carolContext.close();
  }
});
