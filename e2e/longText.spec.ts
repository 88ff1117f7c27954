// demo:file (npm run demo:remove deletes this file)
/**
 * Text people type may have no spaces to break at (a pasted URL, a hash, a
 * long word in another language): the pages wrap it anywhere instead of
 * growing sideways, so nothing has to be scrolled horizontally to be read.
 */
import { createCampaign, teamId } from './support/session';
import { expect, type Page, test } from './support/test';

/** How much wider than the window the document is (0: no sideways scroll). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('a 120-character campaign name and a 200-character post title without spaces wrap', async ({ page }) => {
  const acme = await teamId(page.request, 'Acme');
  const name = `Long${Date.now().toString(36)}${'W'.repeat(120)}`.slice(0, 120);
  const campaign = await createCampaign(page.request, acme, { name });
  const post = await page.request.post(`/api/teams/${acme}/campaigns/${campaign.id}/posts`, {
    data: { data: { title: 'T'.repeat(200), body: 'B'.repeat(2_000) } },
  });
  expect(post.status(), await post.text()).toBe(201);

  await page.goto(`/teams/${acme}/campaigns?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  expect(await overflow(page), 'the campaign list').toBe(0);

  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { level: 3, name: 'T'.repeat(200) })).toBeVisible();
  expect(await overflow(page), 'the campaign page').toBe(0);
});
