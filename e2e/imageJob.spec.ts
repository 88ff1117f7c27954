// demo:file (npm run demo:remove deletes this file)
/**
 * The image job end to end on next start: a logo uploaded in the browser is
 * picked up by the server's job runner (pg-boss, in the app process), which
 * makes its 128 px WebP thumb; the campaign page, which looks again while
 * the logo's variants are pending, then shows the thumbnail from the
 * variant's own URL without a reload, and so does the campaigns list (its index
 * loads the page's logos).
 */
import { makePng } from './support/files';
import { ALICE, createCampaign, signInAs, uniqueName } from './support/session';
import { expect, isolated, test } from './support/test';

test('after the job ran, the campaign page and the list show the thumbnail from its variant URL', async ({ page }) => {
  const session = await signInAs(page.request, ALICE);
  const acme = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Thumb'), budget: 10 });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);

  const logo = page.getByRole('region', { name: 'Logo' });
  // 1250 px (4.7 MB, under the slot's 5 MiB): big enough that the job is still running when the page has
  // attached the logo and refreshed, as with a photo from a phone.
  await logo
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: makePng(1250) });
  await expect(logo.getByTestId('logo-image')).toBeVisible({ timeout: 15_000 });
  const original = await logo.getByTestId('logo-image').getAttribute('src');

  // The job runs in the background; the page looks again while the logo's variants are pending,
  // so the thumbnail appears without a reload.
  const gets: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('teams.campaigns.get')) gets.push(request.url());
  });
  const thumb = page.getByRole('region', { name: 'Logo' }).getByTestId('logo-thumb');
  await expect(thumb).toBeVisible({ timeout: 30_000 });
  // Once the job ran, it stops asking.
  const asked = gets.length;
  await page.waitForTimeout(5_000);
  expect(gets.length).toBe(asked);
  const src = String(await thumb.getAttribute('src'));
  expect(src).toContain('.thumb.webp');
  expect(src).not.toBe(original);
  await expect.poll(() => thumb.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(128);
  const stored = await page.request.get(src);
  expect(stored.headers()['content-type']).toBe('image/webp');
  // The original stays what the frame shows.
  await expect(page.getByRole('region', { name: 'Logo' }).getByTestId('logo-image')).toHaveAttribute(
    'src',
    String(original),
  );

  // The list shows the same thumbnail in the campaign's row: the variant's URL and size, not the original.
  const listed = await page.request.get(`/api/teams/${acme}/campaigns?search=${encodeURIComponent(campaign.name)}`);
  const row = ((await listed.json()) as { data: { id: number; logo: LogoJson | null }[] }).data.find(
    (candidate) => candidate.id === campaign.id,
  );
  const variant = row?.logo?.variants.thumb;
  expect(variant?.url).toBe(src);
  await page.goto(`/teams/${acme}/campaigns?q=${encodeURIComponent(campaign.name)}`);
  const listThumb = page.getByTestId('campaign-row').filter({ hasText: campaign.name }).getByTestId('campaign-thumb');
  await expect(listThumb).toBeVisible();
  await expect(listThumb).toHaveAttribute('src', src);
  await expect(listThumb).toHaveAttribute('alt', `Logo of ${isolated(campaign.name)}`);
  await expect(listThumb).toHaveAttribute('width', String(variant?.width));
  await expect(listThumb).toHaveAttribute('height', String(variant?.height));
  await expect.poll(() => listThumb.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(128);
});

interface LogoJson {
  url: string | null;
  variants: Record<string, { url: string | null; width: number; height: number; contentType: string } | undefined>;
}
