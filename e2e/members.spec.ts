/**
 * Teams and members in the browser: Alice creates a team, invites
 * Carol (a seeded user) and sees the link; Carol, in a second browser
 * context, opens the link and accepts; Alice makes her an owner (Save role), then a
 * member again, then removes her. Invited again, Carol declines.
 */

import { teamHomePath } from '../app/lib/teamHomePath';
import { expectAccessible } from './support/accessibility';
import { ALICE, BOB, CAROL, expectTeamHome, memberRoleOf, screenshot, signInAs, uniqueName } from './support/session';
import { expect, isolated, test, waitForHydration } from './support/test';

test('create a team, invite, accept in a second browser, change the role, remove', async ({ page, browser }) => {
  await signInAs(page.request, ALICE);
  await page.goto('/');
  await page.getByRole('link', { name: 'New team' }).click();
  const name = uniqueName('Skunkworks');
  const form = page.getByRole('form', { name: 'New team' });
  await form.getByLabel('Team name').fill(name);
  await form.getByRole('button', { name: 'Create team' }).click();
  const teamId = await expectTeamHome(page);
  await expect(page.getByText(name).first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(`/teams/${teamId}/members`);
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(CAROL);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const link = (await page.getByTestId('invite-link').textContent()) ?? '';
  expect(link).toMatch(/\/invitations\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(CAROL);
  await screenshot(page, 'members');

  // Carol, in a browser of her own: the link first asks her to sign in, then offers to accept.
  // A context made here does not get the config's baseURL by itself.
  const carolContext = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    const carol = await carolContext.newPage();
    const path = new URL(link, 'http://placeholder').pathname;
    await carol.goto(path);
    await expect(carol.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
    await expect(carol.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/sign-in?next=${encodeURIComponent(path)}`,
    );
    await signInAs(carol.request, CAROL);
    await carol.goto(path);
    // This page is not the fixture's, which waits for React: a click before hydration would be lost.
    await waitForHydration(carol);
    await carol.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(carol).toHaveURL(teamHomePath(teamId));
    // Used: the link does not work twice.
    await carol.goto(path);
    await expect(carol.getByText('This invitation has already been used.')).toBeVisible();
  } finally {
    await carolContext.close();
  }

  // Alice sees Carol, makes her an owner, then a member again, then removes her.
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  const carolRow = page.getByTestId('member-row').filter({ hasText: CAROL });
  await expect(carolRow).toContainText('Carol');
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toHaveCount(0);
  // The select only picks; Save role applies it, and the section says so (the name isolated: U+2068 ... U+2069).
  const saveRole = members.getByRole('button', { name: `Save role of ${isolated('Carol')}` });
  await members.getByLabel(`Role of ${isolated('Carol')}`).selectOption('owner');
  await saveRole.click();
  await expect(page.getByRole('status').filter({ hasText: '\u2068Carol\u2069 is now an owner.' })).toBeVisible();
  // Done once the row has reread the role (Save unavailable: nothing left to change). Before that the row
  // still says member, and picking member then would leave Save unavailable for good.
  await expect(saveRole).toBeDisabled();
  expect(await memberRoleOf(page.request, teamId, CAROL)).toBe('owner');
  await members.getByLabel(`Role of ${isolated('Carol')}`).selectOption('member');
  await saveRole.click();
  await expect(page.getByRole('status').filter({ hasText: '\u2068Carol\u2069 is now a member.' })).toBeVisible();
  expect(await memberRoleOf(page.request, teamId, CAROL)).toBe('member');
  // Removing asks first: Keep leaves her in the team (still there after a reload), Yes removes her.
  await carolRow.getByRole('button', { name: `Remove ${isolated('Carol')}` }).click();
  await expect(carolRow).toContainText('Remove Carol from the team?');
  await carolRow.getByRole('button', { name: `Keep ${isolated('Carol')}` }).click();
  await page.reload();
  await expect(carolRow).toHaveCount(1);
  expect(await memberRoleOf(page.request, teamId, CAROL)).toBe('member');
  await carolRow.getByRole('button', { name: `Remove ${isolated('Carol')}` }).click();
  await carolRow.getByRole('button', { name: `Yes, remove ${isolated('Carol')}` }).click();
  await expect(carolRow).toHaveCount(0);
  // Her row and its button are gone: the table's section says so (her name isolated from its words, as in
  // every notice), and focus is on its heading.
  await expect(page.getByRole('status').filter({ hasText: 'Removed \u2068Carol\u2069.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members', exact: true, level: 2 })).toBeFocused();
  expect(await memberRoleOf(page.request, teamId, CAROL)).toBeUndefined();
});

test('the invited person can decline: asked first, then told, and the link and the pending row go', async ({
  page,
  browser,
}) => {
  await signInAs(page.request, ALICE);
  const name = uniqueName('Declined');
  const team = (await (await page.request.post('/api/teams', { data: { name } })).json()) as { id: number };
  const invited = await page.request.post(`/api/teams/${team.id}/invitations`, {
    data: { email: CAROL, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  const path = new URL(((await invited.json()) as { link: string }).link).pathname;

  const carolContext = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    const carol = await carolContext.newPage();
    // Someone else signed in is not offered Decline (nor Accept): the invitation is not theirs.
    await signInAs(carol.request, BOB);
    await carol.goto(path);
    await waitForHydration(carol);
    await expect(carol.getByRole('link', { name: 'switch account' })).toBeVisible();
    await expect(carol.getByRole('button', { name: 'Decline' })).toHaveCount(0);

    await signInAs(carol.request, CAROL);
    await carol.goto(path);
    await waitForHydration(carol);
    await expectAccessible(carol, 'an invitation opened by its invitee');
    await carol.getByRole('button', { name: 'Decline' }).click();
    await expect(carol.getByText(`Decline the invitation to join \u2068${name}\u2069?`)).toBeVisible();
    await expectAccessible(carol, 'an invitation being declined');
    await carol.getByRole('button', { name: 'Keep it' }).click();
    await expect(carol.getByRole('button', { name: 'Decline' })).toBeFocused();
    await carol.getByRole('button', { name: 'Decline' }).click();
    await carol.getByRole('button', { name: 'Yes, decline' }).click();

    await expect(carol).toHaveURL(/\/$/);
    await expect(
      carol.getByRole('status').filter({ hasText: `You declined the invitation to join \u2068${name}\u2069.` }),
    ).toBeVisible();
    await carol.goto(path);
    await expect(carol.getByText('This invitation link is not valid.')).toBeVisible();
  } finally {
    await carolContext.close();
  }
  await page.goto(`/teams/${team.id}/members`);
  // Carol's was the only pending invitation: the list is gone, and she did not join.
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(ALICE);
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toHaveCount(0);
  expect(await memberRoleOf(page.request, team.id, CAROL)).toBeUndefined();
});
