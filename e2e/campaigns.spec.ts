// demo:file (npm run demo:remove deletes this file)
/**
 * The campaign list and detail as Alice (owner of Acme): create with a
 * validation error, paging, sorting, tabs, search, edit, publish and
 * duplicate, bulk archive. Each test makes the campaigns it changes.
 */

import { ALICE, createCampaign, expectTeamHome, screenshot, signInAs, uniqueName } from './support/session';
import { expect, isolated, type Locator, type Page, test } from './support/test';
import { queriesAfterMutation } from './support/trpcCalls';

let acme: number;

test.beforeEach(async ({ page }) => {
  const session = await signInAs(page.request, ALICE);
  acme = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;
});

const rows = (page: Page) => page.getByTestId('campaign-row');

/** The budgets shown in the table, as numbers (rows without a budget left out). */
async function budgets(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('budget').allTextContents();
  return texts.filter((text) => text !== '—').map((text) => Number(text.replace(/,/g, '')));
}

/** The status filter above the list (toggle buttons, the chosen one pressed). */
function statusFilter(page: Page): Locator {
  return page.getByRole('group', { name: 'Campaign status' });
}

function isSorted(values: number[], dir: 'asc' | 'desc'): boolean {
  return values.every(
    (value, i) => i === 0 || (dir === 'asc' ? (values[i - 1] as number) <= value : (values[i - 1] as number) >= value),
  );
}

async function statValue(locator: Locator): Promise<number> {
  return Number((await locator.textContent())?.replace(/,/g, ''));
}

test('creates a campaign: inline validation errors first, then success', async ({ page }) => {
  await page.goto(`/teams/${acme}/campaigns`);
  const total = page.getByTestId('stat-campaigns');
  await expect(total).toHaveText(/^\d+$/);
  const before = await statValue(total);

  await page.getByText('New campaign').click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByRole('button', { name: 'Create campaign' }).click();
  // The model's message (a 422 with `fields`), beside the input.
  await expect(form.getByText("can't be blank")).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  // A fractional budget fails the input check (400 with `fields`): shown the same way.
  await form.getByLabel('Name').fill('Half a budget');
  await form.getByLabel('Budget').fill('12.5');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(form.getByText(/must be an integer|must be a whole number/)).toBeVisible();
  await expect(form.getByLabel('Budget')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText("can't be blank")).toHaveCount(0);

  const name = uniqueName('Autumn Push');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Budget').fill('4200');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(form.getByRole('status')).toContainText(`Created ${name}`);
  await expect(form.getByLabel('Budget')).not.toHaveAttribute('aria-invalid', 'true');
  // Newest first: the new campaign heads the list, and the stats count it.
  await expect(rows(page).first()).toContainText(name);
  await expect(rows(page).first().getByTestId('budget')).toHaveText('4,200');
  await expect(total).toHaveText(String(before + 1));
  // The notice answers that submit: typing the next campaign clears it.
  await form.getByLabel('Name').fill('Next one');
  await expect(form.getByText(`Created ${name}`)).toHaveCount(0);
});

test('pages, sorts, filters by status tab and searches; the URL keeps the state', async ({ page }) => {
  await page.goto(`/teams/${acme}/campaigns`);
  await expect(rows(page)).toHaveCount(20);
  await screenshot(page, 'campaigns');

  // Paging.
  const pages = page.getByRole('navigation', { name: 'Campaign pages' });
  await expect(pages).toContainText(/Page 1 of \d+/);
  const firstOnPage1 = await rows(page).first().textContent();
  await pages.getByRole('button', { name: /Next/ }).click();
  await expect(pages).toContainText(/Page 2 of/);
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page).first()).not.toHaveText(firstOnPage1 ?? '');
  await page.reload();
  await expect(pages).toContainText(/Page 2 of/);
  await pages.getByRole('button', { name: /Previous/ }).click();
  await expect(pages).toContainText(/Page 1 of/);

  // Sorting by a column header: ascending, then descending.
  const budgetHeader = page.getByRole('columnheader', { name: /Budget/ });
  await budgetHeader.getByRole('button').click();
  await expect(budgetHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=budget/);
  await expect.poll(async () => isSorted(await budgets(page), 'asc')).toBe(true);
  await budgetHeader.getByRole('button').click();
  await expect(budgetHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=-budget/);
  await expect.poll(async () => isSorted(await budgets(page), 'desc')).toBe(true);
  // The biggest budget of the current (not archived) seeded campaigns heads the list.
  await expect(page.getByTestId('budget').first()).toHaveText('250,000');

  // Status tabs (the index scopes).
  await statusFilter(page).getByRole('button', { name: 'Archived' }).click();
  await expect(statusFilter(page).getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/tab=archived/);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('status').filter({ hasNotText: 'archived' })).toHaveCount(0);

  // Search: `%` and `_` are matched literally.
  await statusFilter(page).getByRole('button', { name: 'Current' }).click();
  await page.getByRole('searchbox', { name: 'Search campaigns by name' }).fill('50%');
  await expect(page).toHaveURL(/q=50%25/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('50% Off Weekend');
  // The search stays when the tab changes; `_` is no wildcard either (both seeded names with one are archived).
  await statusFilter(page).getByRole('button', { name: 'Archived' }).click();
  await expect(page.getByText('No campaigns here.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search campaigns by name' }).fill('_');
  await expect(page).toHaveURL(/q=_/);
  await expect(rows(page)).toHaveCount(2);
  expect((await rows(page).getByRole('link').allTextContents()).sort()).toEqual([
    'Feature_Flags Beta',
    'launch_v2 teaser',
  ]);

  // Narrow screens: the layout reflows, the table scrolls sideways within its frame.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'campaigns-mobile');
});

test('edits a campaign', async ({ page }) => {
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Editable'), budget: 100 });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  const form = page.getByRole('form', { name: 'Edit campaign' });
  await form.getByLabel('Name').fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText("can't be blank")).toBeVisible();

  const renamed = uniqueName('Edited');
  await form.getByLabel('Name').fill(renamed);
  await form.getByLabel('Budget').fill('2500');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  // "Saved." is about that save: the next edit, or another action on the campaign, clears it.
  await form.getByLabel('Budget').fill('2600');
  await expect(form.getByText('Saved.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('.badge', { hasText: 'active' })).toBeVisible();
  await expect(form.getByText('Saved.')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.getByRole('form', { name: 'Edit campaign' }).getByLabel('Budget')).toHaveValue('2600');
});

test('publishes a draft (the score goes up) and duplicates it', async ({ page }) => {
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Launch Plan'), budget: 10 });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  await expect(page.locator('.badge', { hasText: 'draft' })).toBeVisible();
  // Budget + two-word name: 40%; published adds 20.
  await expect(page.getByTestId('score')).toHaveText('40%');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('.badge', { hasText: 'active' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByTestId('score')).toHaveText('60%');
  await expect(page.getByText(/Published \w+ \d+, \d{4}/)).toBeVisible();
  await screenshot(page, 'campaign');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${campaign.name} (copy)`);
  await expect(page).not.toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));
  await expect(page.locator('.badge', { hasText: 'draft' })).toBeVisible();
});

test('bulk archives the selected campaigns', async ({ page }) => {
  const tag = uniqueName('Bulk');
  for (const suffix of ['one', 'two', 'three']) await createCampaign(page.request, acme, { name: `${tag} ${suffix}` });
  await page.goto(`/teams/${acme}/campaigns?q=${encodeURIComponent(tag)}`);
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('checkbox', { name: `Select ${isolated(`${tag} one`)}` }).check();
  await page.getByRole('checkbox', { name: `Select ${isolated(`${tag} two`)}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Archive selected' }).click();
  await expect(page.getByText('Archived 2 campaigns.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`${tag} three`);

  // The notice answers that action: the next one (here a tab) clears it.
  await statusFilter(page).getByRole('button', { name: 'Archived' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Archived 2 campaigns.')).toHaveCount(0);

  // Select all on the page, then publish: archived campaigns are not drafts, so none is published.
  await page.getByRole('checkbox', { name: 'Select all campaigns on this page' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Publish selected' }).click();
  await expect(page.getByText('Published 0 campaigns.')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${isolated(`${tag} one`)}` }).check();
  await expect(page.getByText('Published 0 campaigns.')).toHaveCount(0);
});

test('a page out of range goes to the last page, below 1 to the first; emptying the last page steps back', async ({
  page,
}) => {
  const pages = page.getByRole('navigation', { name: 'Campaign pages' });
  await page.goto(`/teams/${acme}/campaigns?page=99`);
  await expect(page).toHaveURL(/page=\d+$/);
  const last = Number(new URL(page.url()).searchParams.get('page'));
  expect(last).toBeGreaterThan(1);
  expect(last).toBeLessThan(99);
  await expect(pages).toContainText(`Page ${last} of ${last}`);
  await expect(pages.getByRole('button', { name: /Next/ })).toBeDisabled();
  await expect(pages.getByRole('button', { name: /Previous/ })).toBeEnabled();
  await expect(rows(page).first()).toBeVisible();

  for (const bad of ['0', '-3', 'two']) {
    await page.goto(`/teams/${acme}/campaigns?tab=draft&page=${bad}`);
    await expect(page).toHaveURL(/\/campaigns\?tab=draft$/);
    await expect(pages).toContainText(/Page 1 of \d+/);
  }

  // 21 campaigns: page 2 holds one; archiving it leaves page 2 empty, so the list moves to page 1.
  const tag = uniqueName('Paged');
  await Promise.all(Array.from({ length: 21 }, (_, i) => createCampaign(page.request, acme, { name: `${tag} ${i}` })));
  await page.goto(`/teams/${acme}/campaigns?q=${encodeURIComponent(tag)}&page=2`);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select all campaigns on this page' }).check();
  await page.getByRole('button', { name: 'Archive selected' }).click();
  await expect(page.getByText('Archived 1 campaign.')).toBeVisible();
  await expect(pages).toContainText('Page 1 of 1 · 20 in all');
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows(page)).toHaveCount(20);
});

test('an active campaign offers Archive, not Delete; once archived it can be deleted', async ({ page }) => {
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Running'), status: 'active' });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  await expect(page.locator('.badge', { hasText: 'active' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.locator('.badge', { hasText: 'archived' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${acme}/campaigns$`));
  expect((await page.request.get(`/api/teams/${acme}/campaigns/${campaign.id}`)).status()).toBe(404);
});

test('a deleted campaign is not asked for again, and Back shows it as not found', async ({ page }) => {
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Short Lived') });
  const refetches = queriesAfterMutation(page, 'teams.campaigns.destroy', 'teams.campaigns.get', campaign.id);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${acme}/campaigns$`));
  await expect(page.getByText(`Deleted \u2068${campaign.name}\u2069.`)).toBeVisible();
  // The delete marked the record gone in the cache: nothing on the way out asked for it (each time a 404).
  expect(refetches).toEqual([]);

  // Back: the browser's copy of the page, whose record is gone. Not found, not the old page and its buttons.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found');
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: campaign.name })).toHaveCount(0);
  // The next click leads on.
  await page.getByRole('link', { name: /Back to the team/ }).click();
  await expectTeamHome(page, acme);
  // Back did not ask for it either, and no 404 anywhere (the browser logs each failed request as an error).
  expect(refetches).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('on a phone the status tabs stay on one line and fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/teams/${acme}/campaigns`);
  const tabs = statusFilter(page).getByRole('button');
  await expect(tabs).toHaveCount(4);
  const first = await tabs.first().boundingBox();
  const last = await tabs.last().boundingBox();
  expect(last?.y).toBe(first?.y);
  // Fits without scrolling sideways: the last tab ends inside the screen.
  expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(await statusFilter(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await screenshot(page, 'campaigns-phone-tabs');
});

test('lists and writes posts; a first post raises the score', async ({ page }) => {
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Posts Demo'), budget: 1 });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  const posts = page.getByRole('region', { name: 'Posts' });
  await expect(posts.getByText('No posts yet.')).toBeVisible();
  await expect(page.getByTestId('score')).toHaveText('40%');

  const form = posts.getByRole('form', { name: 'New post' });
  await form.getByRole('button', { name: 'Add post' }).click();
  await expect(form.getByText("can't be blank")).toBeVisible();
  await form.getByLabel('Title').fill('Kick-off notes');
  await form.getByLabel('Body').fill('Agreed on the launch date.');
  await form.getByRole('button', { name: 'Add post' }).click();
  await expect(
    posts.getByRole('list', { name: 'Posts' }).getByRole('heading', { name: 'Kick-off notes' }),
  ).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(page.getByTestId('score')).toHaveText('60%');
});
