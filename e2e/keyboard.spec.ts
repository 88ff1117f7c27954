// demo:file (npm run demo:remove deletes this file)
/**
 * The demo with the keyboard alone, as someone who cannot use a mouse works
 * with it: Tab and Shift+Tab to reach a control, Enter, Space and Escape to
 * use it, and typing. After each action focus is somewhere that makes sense
 * (a wrong submit: the first field in error; a question closed: the button
 * that asked it), and what happened is said in a status or alert region,
 * which screen readers announce. Only the file itself is chosen by the test
 * (the browser's file dialog is not a web page); the keyboard opens it.
 * Names in notices and questions come wrapped in U+2068 ... U+2069 (isolateText), so a
 * right-to-left override in one cannot reverse the words around it.
 */
import { makePdf } from './support/files';
import { ALICE, BOB, createCampaign, memberRoleOf, signInAs, teamId, uniqueName } from './support/session';
import { expect, isolated, type Locator, type Page, test } from './support/test';

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

test('a new campaign and its edit by keyboard: a refused submit puts focus on the field in error, saves are announced', async ({
  page,
}) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/campaigns`);

  // New campaign: the disclosure opens with Enter.
  const disclosure = page.locator('summary', { hasText: 'New campaign' });
  await tabTo(page, disclosure);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New campaign' });
  const name = form.getByLabel('Name');
  await tabTo(page, name);

  // Submitted empty: the error is beside the field, and focus is back on it.
  await tabTo(page, form.getByRole('button', { name: 'Create campaign' }));
  await page.keyboard.press('Enter');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription("can't be blank");

  // The status region is in the accessibility tree before its message comes, so the message is announced.
  await expect(form.getByRole('status')).toHaveText('');
  const campaign = uniqueName('Keyboard');
  await page.keyboard.type(campaign);
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText(`Created ${campaign}.`);

  // Open it through the link in the notice.
  await tabTo(page, form.getByRole('status').getByRole('link', { name: campaign }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign);

  // Edit: a blank name is refused with focus on it; then a budget is saved.
  const edit = page.getByRole('form', { name: 'Edit campaign' });
  const editName = edit.getByLabel('Name');
  await tabTo(page, editName);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await tabTo(page, edit.getByRole('button', { name: 'Save changes' }));
  await page.keyboard.press('Enter');
  await expect(editName).toHaveAttribute('aria-invalid', 'true');
  await expect(editName).toBeFocused();
  await page.keyboard.type(`${campaign} edited`);
  await page.keyboard.press('Tab');
  await expect(edit.getByLabel('Budget')).toBeFocused();
  await page.keyboard.type('1200');
  await page.keyboard.press('Enter');
  await expect(edit.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${campaign} edited`);
});

test('a document attached by keyboard: Space on the picker opens the file dialog, and the attach is announced', async ({
  page,
}) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Keyboard files') });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  const documents = page.getByRole('region', { name: /Documents/ });
  const picker = documents.getByLabel('Choose PDFs');
  await tabTo(page, picker);
  await expect(picker).toHaveAccessibleDescription(/PDF only/);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'keyboard.pdf', mimeType: 'application/pdf', buffer: makePdf('Keys') });
  await expect(documents.getByRole('list', { name: 'Attached documents' })).toContainText('keyboard.pdf', {
    timeout: 15_000,
  });
  await expect(documents.getByRole('status')).toHaveText(`${isolated('keyboard.pdf')} attached.`);
  // Focus stays on the picker, ready for the next file.
  await expect(picker).toBeFocused();
});

test('deleting a campaign by keyboard: the question is read out, Escape goes back, the list says what went', async ({
  page,
}) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Keyboard delete') });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);

  // Delete asks first: focus on the way back, which the question describes; Escape returns to Delete.
  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const keep = page.getByRole('button', { name: 'Keep it' });
  await expect(keep).toBeFocused();
  await expect(keep).toHaveAccessibleDescription(`Delete “\u2068${campaign.name}\u2069” for good?`);
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Back on the list: it says what was deleted, and focus is on the page's heading, not lost.
  await expect(page).toHaveURL(new RegExp(`/teams/${acme}/campaigns$`));
  await expect(page.getByRole('status').filter({ hasText: `Deleted \u2068${campaign.name}\u2069.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeFocused();
});

test('publishing and archiving a campaign by keyboard: said in the status line, focus on Duplicate', async ({
  page,
}) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Keyboard publish') });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);

  // Publish goes away once the campaign is active: focus must not fall back to the page's top.
  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Published \u2068${campaign.name}\u2069.` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  const duplicate = page.getByRole('button', { name: 'Duplicate', exact: true });
  await expect(duplicate).toBeFocused();

  const archive = page.getByRole('button', { name: 'Archive', exact: true });
  await tabTo(page, archive);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Archived \u2068${campaign.name}\u2069.` })).toBeVisible();
  await expect(archive).toHaveCount(0);
  await expect(duplicate).toBeFocused();
});

test('signing out by keyboard: the button is in the header, before the content', async ({ page }) => {
  await signInAs(page.request, ALICE);
  await page.goto('/account');
  const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
  await tabTo(page, signOut);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/session')).status()).toBe(401);
});

test('revoking an API key with the keyboard: announced, and focus stays in the list', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/api-keys`);
  const form = page.getByRole('form', { name: 'New API key' });
  const keyName = form.getByLabel('Key name');
  await tabTo(page, keyName);
  // Empty: refused, with focus on the field.
  await page.keyboard.press('Enter');
  await expect(keyName).toHaveAttribute('aria-invalid', 'true');
  await expect(keyName).toBeFocused();
  const key = uniqueName('Keyboard key');
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  // The token panel (shown once) takes focus.
  await expect(page.getByRole('region', { name: `API key “${key}” created` })).toBeFocused();

  const revoke = page.getByRole('button', { name: `Revoke ${isolated(key)}` });
  await tabTo(page, revoke);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: `Yes, revoke ${isolated(key)}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('api-key-row').filter({ hasText: key })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Revoked \u2068${key}\u2069.` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'API keys' })).toBeFocused();
});

test('changing a member’s role by keyboard: the select only picks, Save role applies it and says so', async ({
  page,
}) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/members`);
  const role = page.getByLabel(`Role of ${isolated('Bob')}`);
  try {
    // An arrow key on a closed select changes its value in Chromium: that alone must not save anything.
    await tabTo(page, role);
    await page.keyboard.press('ArrowDown');
    await expect(role).toHaveValue('owner');
    await expect(role).toBeFocused();
    expect(await memberRoleOf(page.request, acme, BOB)).toBe('member');

    const save = page.getByRole('button', { name: `Save role of ${isolated('Bob')}` });
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '\u2068Bob\u2069 is now an owner.' })).toBeVisible();
    expect(await memberRoleOf(page.request, acme, BOB)).toBe('owner');
    // Focus stays where the keyboard was, not on the page's body.
    await expect(save).toBeFocused();
  } finally {
    await setRole(page, acme, BOB, 'member');
  }
});

// A button pressed stays focused while its action runs (app/components/Button.tsx), instead of dropping focus to <body>.
test('a wrong password: the alert comes, focus is still on the button', async ({ page }) => {
  await page.goto('/sign-in');
  const signIn = page.getByRole('form', { name: 'Password sign-in' });
  await signIn.getByLabel('Email').fill(ALICE);
  await signIn.getByLabel('Password').fill('not-her-password');
  await signIn.getByRole('button', { name: 'Sign in with password' }).focus();
  await page.keyboard.press('Enter');
  await expect(signIn.getByRole('alert')).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Sign in with password' })).toBeFocused();
});

test('a new API key: its token panel (shown once) takes focus; Done returns to the form', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/api-keys`);
  const keyName = page.getByLabel('Key name');
  await keyName.fill(uniqueName('Focus key'));
  await page.getByRole('button', { name: 'Create key' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: /API key “.*” created/ });
  await expect(panel).toBeFocused();
  await panel.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(keyName).toBeFocused();
});

test('saving the team settings: focus stays on Save', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/settings`);
  const save = page.getByRole('button', { name: 'Save settings' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(save).toBeFocused();
});

test('adding a post: focus stays on Add post', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Focus post') });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  const post = page.getByRole('form', { name: 'New post' });
  await post.getByLabel('Title').fill('A post');
  await post.getByRole('button', { name: 'Add post' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Posts' })).toContainText('A post');
  await expect(post.getByRole('button', { name: 'Add post' })).toBeFocused();
});

test('paging to the last page: Next is unavailable and keeps focus', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Focus pages') });
  for (let index = 1; index <= 6; index += 1) {
    const response = await page.request.post(`/api/teams/${acme}/campaigns/${campaign.id}/posts`, {
      data: { data: { title: `Post ${index}` } },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  const pages = page.getByRole('navigation', { name: 'Post pages' });
  const next = pages.getByRole('button', { name: /Next/ });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(pages).toContainText('Page 2 of 2');
  await expect(next).toBeDisabled();
  await expect(next).toBeFocused();
});

test('publishing the selected campaigns: the selection clears, focus stays on the button', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Focus publish') });
  await page.goto(`/teams/${acme}/campaigns?q=${encodeURIComponent(campaign.name)}`);
  await page.getByRole('checkbox', { name: `Select ${isolated(campaign.name)}` }).check();
  const publish = page.getByRole('button', { name: 'Publish selected' });
  await publish.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Published 1 campaign.' })).toBeVisible();
  await expect(publish).toBeFocused();
});

test('a post body too long: the error is linked to the body, which takes focus', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Long body') });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  const post = page.getByRole('form', { name: 'New post' });
  await post.getByLabel('Title').fill('ok');
  const body = post.getByLabel('Body');
  await body.fill('x'.repeat(20_001));
  await post.getByRole('button', { name: 'Add post' }).click();
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(body).toHaveAccessibleDescription('is too long (maximum is 20000 characters)');
  await expect(body).toBeFocused();
});

test('the status filter by keyboard: toggle buttons, the chosen one pressed', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/campaigns`);
  const filter = page.getByRole('group', { name: 'Campaign status' });
  await expect(filter.getByRole('button', { name: 'Current' })).toHaveAttribute('aria-pressed', 'true');
  const archived = filter.getByRole('button', { name: 'Archived' });
  await tabTo(page, archived);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=archived/);
  await expect(archived).toHaveAttribute('aria-pressed', 'true');
  await expect(filter.getByRole('button', { name: 'Current' })).toHaveAttribute('aria-pressed', 'false');
  await expect(archived).toBeFocused();
});

/** Sets a member's role through the API as Alice (a test's own clean-up). */
async function setRole(page: Page, team: number, email: string, role: 'member' | 'owner'): Promise<void> {
  const list = (await (await page.request.get(`/api/teams/${team}/members`)).json()) as {
    data: { id: number; user: { email: string } }[];
  };
  const member = list.data.find((candidate) => candidate.user.email === email);
  if (!member) throw new Error(`${email} is not a member of team ${team}`);
  const response = await page.request.patch(`/api/teams/${team}/members/${member.id}`, { data: { data: { role } } });
  expect(response.status(), await response.text()).toBe(200);
}

test('the skip link lands on the page’s own content, past the team’s navigation', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  await page.goto(`/teams/${acme}/members`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The first control of the members page itself, not the team's tabs.
  expect(
    await page.evaluate(() => {
      const active = document.activeElement;
      return Boolean(active?.closest('main')) && !active?.closest('nav');
    }),
  ).toBe(true);
});
