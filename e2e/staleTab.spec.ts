/**
 * A tab left open while something changes elsewhere: the member is removed
 * from the team, the owner is made a member, the user signs out in another
 * tab. The open page must not go on as before (a team frame whose pages all
 * answer 404, owner controls the API refuses, a dead-end "Authentication
 * required"): it says what changed and goes where things work.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ALICE, CAROL, signInAs, uniqueName } from './support/session';
import { test as base, expect, isolated, waitForHydration } from './support/test';

interface Team {
  id: number;
  name: string;
}

/** Alice's own new team (the seeded teams stay as other specs expect them), with Carol in it as `role`. */
async function teamWithCarol(alice: APIRequestContext, carol: APIRequestContext, role: 'member' | 'owner') {
  await signInAs(alice, ALICE);
  const team = (await (await alice.post('/api/teams', { data: { name: uniqueName('Stale') } })).json()) as Team;
  const invited = await alice.post(`/api/teams/${team.id}/invitations`, { data: { email: CAROL, role } });
  expect(invited.status()).toBe(201);
  const token = ((await invited.json()) as { link: string }).link.split('/').pop() ?? '';
  await signInAs(carol, CAROL);
  expect((await carol.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);
  return team;
}

/** Carol's membership id in `team`, as Alice sees the members list. */
async function carolsMembership(alice: APIRequestContext, team: Team): Promise<number> {
  const body = (await (await alice.get(`/api/teams/${team.id}/members`)).json()) as {
    data: { id: number; user: { email: string } }[];
  };
  const id = body.data.find((member) => member.user.email === CAROL)?.id;
  if (id === undefined) throw new Error('Carol is not in the team');
  return id;
}

/** Alice makes Carol, an owner of `team`, a member, behind Carol's open page. */
async function demoteCarol(alice: APIRequestContext, team: Team): Promise<void> {
  const membership = await carolsMembership(alice, team);
  const demoted = await alice.patch(`/api/teams/${team.id}/members/${membership}`, {
    data: { data: { role: 'member' } },
  });
  expect(demoted.status()).toBe(200);
}

/** Alice removes Carol from `team`, behind Carol's open page. */
async function removeCarol(alice: APIRequestContext, team: Team): Promise<void> {
  expect((await alice.delete(`/api/teams/${team.id}/members/${await carolsMembership(alice, team)}`)).status()).toBe(
    200,
  );
}

/**
 * `test` with `carol`: Carol's browser, in a context of its own (not the fixture's page, so it waits for React
 * by hand), closed after the test.
 */
const test = base.extend<{ carol: Page }>({
  carol: async ({ browser }, use) => {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
    await use(await context.newPage());
    await context.close();
  },
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

test('removed while the team is open: the next click says so and leaves the team, without its frame', async ({
  page,
  carol,
}) => {
  // An owner, so the team bar has a second link (API keys) whether or not the demo's sections are there.
  const team = await teamWithCarol(page.request, carol.request, 'owner');
  await open(carol, `/teams/${team.id}/members`);
  await expect(carol.getByRole('region', { name: 'Team', exact: true })).toContainText(team.name);

  await removeCarol(page.request, team);
  await carol.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'API keys' }).click();

  await expect(carol).toHaveURL(/\/$/);
  await expect(carol.getByRole('status').filter({ hasText: 'You are no longer a member of that team.' })).toBeVisible();
  await expect(carol.getByRole('region', { name: 'Team', exact: true })).toHaveCount(0);
  await expect(carol.getByText('This does not exist in this team')).toHaveCount(0);
  await expect(carol.getByRole('heading', { name: 'Your teams' })).toBeFocused();
});

test('removed while the members page is open: Leave says so and goes home, not "Team not found"', async ({
  page,
  carol,
}) => {
  const team = await teamWithCarol(page.request, carol.request, 'member');
  await open(carol, `/teams/${team.id}/members`);
  await removeCarol(page.request, team);

  const own = carol.getByTestId('member-row').filter({ hasText: '(you)' });
  await own.getByRole('button', { name: 'Leave team' }).click();
  await own.getByRole('button', { name: 'Yes, leave' }).click();

  await expect(carol).toHaveURL(/\/$/);
  await expect(
    carol.getByRole('status').filter({ hasText: `You are no longer a member of ${isolated(team.name)}.` }),
  ).toBeVisible();
  await expect(carol.getByRole('region', { name: 'Team', exact: true })).toHaveCount(0);
});

test('made a member while the members page is open: a refusal hides the owner controls and still shows', async ({
  page,
  carol,
}) => {
  const team = await teamWithCarol(page.request, carol.request, 'owner');
  await open(carol, `/teams/${team.id}/members`);
  const members = carol.getByRole('table', { name: 'Members' });
  await expect(members.getByLabel(`Role of ${isolated('Alice')}`)).toBeVisible();
  await demoteCarol(page.request, team);

  const alice = carol.getByTestId('member-row').filter({ hasText: ALICE });
  await alice.getByRole('button', { name: `Remove ${isolated('Alice')}` }).click();
  await alice.getByRole('button', { name: `Yes, remove ${isolated('Alice')}` }).click();

  await expect(carol.getByText('Only team owners can do this')).toBeVisible();
  await expect(members.getByLabel(`Role of ${isolated('Alice')}`)).toHaveCount(0);
  await expect(alice.getByRole('button', { name: `Remove ${isolated('Alice')}` })).toHaveCount(0);
  await expect(carol.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(carol.getByRole('table', { name: 'Pending invitations' })).toHaveCount(0);
  // Still there after the refresh, with the reason the controls went.
  await expect(carol.getByText('Only team owners can do this')).toBeVisible();
  await expect(
    carol.getByRole('status').filter({ hasText: `You are no longer an owner of ${isolated(team.name)}.` }),
  ).toBeVisible();
});

test('made a member while the invite form is open: Send invitation is refused and the form goes', async ({
  page,
  carol,
}) => {
  const team = await teamWithCarol(page.request, carol.request, 'owner');
  await open(carol, `/teams/${team.id}/members`);
  await demoteCarol(page.request, team);

  const invite = carol.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill('someone@example.com');
  await invite.getByRole('button', { name: 'Send invitation' }).click();

  await expect(invite).toHaveCount(0);
  await expect(carol.getByRole('table', { name: 'Members' }).getByLabel(`Role of ${isolated('Alice')}`)).toHaveCount(0);
  await expect(
    carol.getByRole('status').filter({ hasText: `You are no longer an owner of ${isolated(team.name)}.` }),
  ).toBeVisible();
});

test('signed out in another tab: the next action goes to sign in, and back here afterwards', async ({ page }) => {
  await signInAs(page.request, ALICE);
  await page.goto('/teams/new');
  const other = await page.context().newPage();
  await open(other, '/');
  await other.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(other.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

  const form = page.getByRole('form', { name: 'New team' });
  await form.getByLabel('Team name').fill(uniqueName('Too late'));
  await form.getByRole('button', { name: 'Create team' }).click();

  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/teams/new')}`);
  // Once: the sign-in page stays put (no loop of redirects).
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/teams/new')}`);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
});

test('after "Removed Carol." a refused Leave shows only its own error', async ({ page, carol }) => {
  const team = await teamWithCarol(page.request, carol.request, 'member');
  await page.goto(`/teams/${team.id}/members`);
  const carolRow = page.getByTestId('member-row').filter({ hasText: CAROL });
  await carolRow.getByRole('button', { name: `Remove ${isolated('Carol')}` }).click();
  await carolRow.getByRole('button', { name: `Yes, remove ${isolated('Carol')}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Removed ${isolated('Carol')}.` })).toBeVisible();

  // Alice is now the last owner: leaving is refused (422).
  const own = page.getByTestId('member-row').filter({ hasText: '(you)' });
  await own.getByRole('button', { name: 'Leave team' }).click();
  await own.getByRole('button', { name: 'Yes, leave' }).click();
  await expect(page.getByText('You are the last owner')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Removed ${isolated('Carol')}.` })).toHaveCount(0);
});

test('made a member while the API keys page is open: a refused Create key refreshes the page, which says so', async ({
  page,
  carol,
}) => {
  const team = await teamWithCarol(page.request, carol.request, 'owner');
  await open(carol, `/teams/${team.id}/api-keys`);
  await demoteCarol(page.request, team);

  const form = carol.getByRole('form', { name: 'New API key' });
  await form.getByLabel('Key name').fill('Too late');
  await form.getByRole('button', { name: 'Create key' }).click();

  await expect(carol.getByText('Only team owners can manage API keys.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(carol.getByRole('table', { name: 'API keys' })).toHaveCount(0);
});

// demo:begin
test('made a member while the team settings are open: a refused save refreshes them read-only, saying why', async ({
  page,
  carol,
}) => {
  const team = await teamWithCarol(page.request, carol.request, 'owner');
  await open(carol, `/teams/${team.id}/settings`);
  const form = carol.getByRole('form', { name: 'Team settings' });
  await expect(form.getByLabel('Time zone')).not.toHaveValue('');
  await demoteCarol(page.request, team);

  await form.getByLabel('Time zone').fill('Europe/Paris');
  await form.getByRole('button', { name: 'Save settings' }).click();

  await expect(form.getByText('Only team owners can change these settings.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await expect(form.getByLabel('Time zone')).toBeDisabled();
  await expect(form.getByText('Only team owners can do this')).toBeVisible();
});
// demo:end
