// demo:file (npm run demo:remove deletes this file)
/**
 * The README's demo tour, click by click, as a new user follows it: the home
 * page's "Sign in", Alice's one-click sign-in, then every
 * numbered step of "Try this as Alice", moving between pages through the
 * app's own links (each click is a fresh request carrying the session cookie
 * the sign-in set). The steps are read from README.md: a step added or
 * renamed there fails here until the tour covers it. Each page of the tour
 * also passes the accessibility check (axe: no serious or critical violation).
 */
import { readFileSync } from 'node:fs';
import { expectAccessible } from './support/accessibility';
import { makePdf, makePng } from './support/files';
import { uniqueName } from './support/session';
import { expect, isolated, type Page, test } from './support/test';

/** The bold names of the README's numbered "Try this as Alice" steps, in order. */
function readmeTourSteps(): { names: string[]; text: string } {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('Try this as Alice:');
  expect(start, 'README.md has a "Try this as Alice:" list').toBeGreaterThan(-1);
  const section = readme.slice(start, readme.indexOf('\n\n', readme.indexOf('\n1. ', start)));
  const items = section.split(/\n(?=\d+\. )/).slice(1);
  return {
    names: items.map((item) => [...item.matchAll(/\*\*(.+?)\*\*/g)].map((m) => m[1]).join(' + ')),
    text: section,
  };
}

/** What the page's session is, asked the way the app's own client asks. */
async function sessionStatus(page: Page): Promise<number> {
  return (await page.request.get('/api/session')).status();
}

const rows = (page: Page) => page.getByTestId('campaign-row');

test('the README tour as Alice: every step works, navigating between pages', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const { names, text } = readmeTourSteps();
  // The steps this spec walks through; keep it in step with README.md.
  expect(names).toEqual([
    'Campaigns',
    'New campaign',
    'Publish selected + Archive selected',
    'Publish + Duplicate',
    'logo + PDFs',
    'Settings + API keys',
  ]);

  // "Open http://localhost:3000 and choose Sign in", then Alice.
  await page.goto('/');
  await expectAccessible(page, 'the home page');
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expectAccessible(page, 'the sign-in page');
  await page.getByRole('button', { name: /^Alice/ }).click();
  // One team (a fresh seed): straight to its campaigns. Other specs may have given Alice more
  // teams on this shared database: then the home page lists them, and she picks Acme.
  await expect(page).toHaveURL(/\/teams\/\d+\/campaigns$|\/$/);
  if (!/\/campaigns$/.test(page.url())) {
    await page.getByRole('region', { name: 'Your teams' }).getByRole('link', { name: 'Acme' }).click();
  }
  await expect(page).toHaveURL(/\/teams\/\d+\/campaigns$/);
  const teamPath = new URL(page.url()).pathname.replace(/\/campaigns$/, '');
  await expect(page.getByTestId('signed-in-as')).toHaveText('Alice');
  // The cookie the sign-in set is one the server reads back (it is encoded once).
  expect(await sessionStatus(page)).toBe(200);
  await expect(page.getByTestId('campaign-row').first()).toBeVisible();
  await expectAccessible(page, 'the campaigns page');

  // 1. Campaigns: status tabs, a sortable column, search, paging; the URL keeps the state.
  await page.getByRole('group', { name: 'Campaign status' }).getByRole('button', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/tab=archived/);
  await expect(page.getByTestId('status').filter({ hasNotText: 'archived' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Campaign status' }).getByRole('button', { name: 'Current' }).click();
  await expect(page).not.toHaveURL(/tab=archived/);
  const budget = page.getByRole('columnheader', { name: /Budget/ });
  await budget.getByRole('button').click();
  await expect(budget).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=budget/);
  const pages = page.getByRole('navigation', { name: 'Campaign pages' });
  await expect(pages).toContainText(/Page 1 of ([2-9]|\d{2,})/);
  await pages.getByRole('button', { name: /Next/ }).click();
  await expect(pages).toContainText(/Page 2 of/);
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(pages).toContainText(/Page 2 of/);
  await expect(page.getByRole('columnheader', { name: /Budget/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('searchbox', { name: 'Search campaigns by name' }).fill('Weekend');
  await expect(page).toHaveURL(/q=Weekend/);
  await expect(rows(page).first()).toContainText('Weekend');

  // 2. New campaign: empty first (the model's error beside the field), then three real ones.
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await page.getByText('New campaign').click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(form.getByText("can't be blank")).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the new campaign form with its errors');
  const tag = uniqueName('Tour');
  for (const suffix of ['one', 'two', 'three']) {
    await form.getByLabel('Name').fill(`${tag} ${suffix}`);
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await expect(form.getByRole('status')).toContainText(`Created ${tag} ${suffix}`);
  }

  // 3. Select a few rows: Publish selected, then Archive selected.
  await page.getByRole('searchbox', { name: 'Search campaigns by name' }).fill(tag);
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('checkbox', { name: `Select ${isolated(`${tag} two`)}` }).check();
  await page.getByRole('checkbox', { name: `Select ${isolated(`${tag} three`)}` }).check();
  await page.getByRole('button', { name: 'Publish selected' }).click();
  await expect(page.getByText('Published 2 campaigns.')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${isolated(`${tag} three`)}` }).check();
  await page.getByRole('button', { name: 'Archive selected' }).click();
  await expect(page.getByText('Archived 1 campaign.')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  // 4. Open a campaign: edit it, Publish it, Duplicate it, add a post.
  await page.getByRole('link', { name: `${tag} one` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${tag} one`);
  await expectAccessible(page, 'a campaign page');
  const edit = page.getByRole('form', { name: 'Edit campaign' });
  await edit.getByLabel('Budget').fill('1500');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('status')).toHaveText('Saved.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('.badge', { hasText: 'active' })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${tag} one (copy)`);
  const post = page.getByRole('form', { name: 'New post' });
  await post.getByLabel('Title').fill('Kick-off');
  await post.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('list', { name: 'Posts' })).toContainText('Kick-off');

  // 5. A logo (preview at once, a progress bar while it goes to storage) and PDFs (signed download links).
  const logo = page.getByRole('region', { name: 'Logo' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await logo.getByLabel('Upload logo').setInputFiles({ name: 'tour.png', mimeType: 'image/png', buffer: makePng(300) });
  await expect(logo.getByTestId('logo-preview')).toBeVisible();
  await expect(logo.getByRole('progressbar', { name: `Upload of ${isolated('tour.png')}` })).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(logo.getByTestId('logo-image')).toBeVisible({ timeout: 15_000 });
  const documents = page.getByRole('region', { name: /Documents/ });
  await documents.getByLabel('Choose PDFs').setInputFiles([
    { name: 'brief.pdf', mimeType: 'application/pdf', buffer: makePdf('Tour brief') },
    { name: 'plan.pdf', mimeType: 'application/pdf', buffer: makePdf('Tour plan') },
  ]);
  const links = documents.getByRole('list', { name: 'Attached documents' }).getByRole('link');
  await expect(links).toHaveCount(2, { timeout: 15_000 });
  await expectAccessible(page, 'a campaign page with its files');
  for (const href of await links.evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
    expect(new URL(href).searchParams.get('X-Amz-Expires'), href).toMatch(/^\d+$/);
    expect((await page.request.get(href)).status()).toBe(200);
  }

  // 6. Settings, then API keys: create a key and try it as the README's curl line does.
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`${teamPath}/settings$`));
  await expect(page.getByRole('form', { name: 'Team settings' }).getByLabel('Time zone')).toBeEditable();
  await expectAccessible(page, 'the settings page');
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(new RegExp(`${teamPath}/api-keys$`));
  const keyForm = page.getByRole('form', { name: 'New API key' });
  await keyForm.getByLabel('Key name').fill(uniqueName('Tour key'));
  await keyForm.getByRole('button', { name: 'Create key' }).click();
  const token = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(token).toMatch(/^ak_/);
  await expectAccessible(page, 'the API keys page with a new token');
  const curl = /curl -H "Authorization: Bearer <token>" localhost:\d+(\/api\/\S+?)`/.exec(text);
  expect(curl, 'the README shows a curl line with a team URL').not.toBeNull();
  // The README's URL names Acme as team 1 (a fresh seed); here it is whatever id the tour landed on.
  const apiPath = String(curl?.[1]).replace(/\/teams\/\d+\//, `${teamPath}/`);
  // No cookie: the key alone, as curl sends it.
  const script = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const asKey = await script.get(apiPath, { headers: { Authorization: `Bearer ${token}` } });
  expect(asKey.status(), apiPath).toBe(200);
  expect(((await asKey.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  await script.dispose();

  // Still signed in after all those pages.
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  expect(await sessionStatus(page)).toBe(200);
});
