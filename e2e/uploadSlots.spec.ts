// demo:file (npm run demo:remove deletes this file)
/**
 * What a campaign's file slots hold, through the browser: a logo chosen while
 * another uploads wins (the older upload is cancelled, not left to finish
 * out of sight and replace it); Remove on the logo, a document and the video
 * (asked first, focus back on the slot's picker, the slot taking a new file);
 * a filename of 250 characters wraps instead of widening the page.
 */
import { expectAccessible } from './support/accessibility';
import { openNewCampaign, throttleUploads } from './support/campaignUploads';
import { makeMp4, makePdf, makePng } from './support/files';
import { expect, isolated, type Page, test } from './support/test';

/** The campaign as the API has it (what a reload would show). */
async function stored(page: Page, teamId: number, campaignId: number) {
  const response = await page.request.get(`/api/teams/${teamId}/campaigns/${campaignId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    logo: { filename: string } | null;
    documents: { filename: string }[];
    video: { filename: string } | null;
  };
}

test('a logo chosen while another uploads is the one attached: the older upload is cancelled', async ({ page }) => {
  const { teamId, campaignId } = await openNewCampaign(page, 'Two logos');
  const logo = page.getByRole('region', { name: 'Logo' });
  const unthrottle = await throttleUploads(page, 256 * 1024);

  // About 4 MB: at 256 KiB/s it is still on its way when the second file is chosen.
  await logo
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: makePng(1150) });
  await expect(logo.getByText(/Uploading [1-9]\d?%/)).toBeVisible();
  await logo
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: makePng(64) });
  await expect(logo.getByRole('status')).toHaveText(`${isolated('second.png')} attached.`, { timeout: 20_000 });
  await unthrottle();

  // Unthrottled, a first upload still running would finish within a second or two and replace the logo:
  // give it that time, then check what the campaign holds.
  await page.waitForTimeout(4_000);
  expect((await stored(page, teamId, campaignId)).logo?.filename).toBe('second.png');
  await expect(logo.getByRole('status')).toHaveText(`${isolated('second.png')} attached.`);
  await expect(logo.getByText(/second\.png · \d+/)).toBeVisible();
});

test('Remove takes the logo, a document and the video off the campaign, and each slot takes a new file', async ({
  page,
}) => {
  const { teamId, campaignId } = await openNewCampaign(page, 'Remove files');
  const logo = page.getByRole('region', { name: 'Logo' });
  const documents = page.getByRole('region', { name: /Documents/ });
  const video = page.getByRole('region', { name: 'Video' });
  await logo.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(32) });
  await documents.getByLabel('Choose PDFs').setInputFiles([
    { name: 'brief.pdf', mimeType: 'application/pdf', buffer: makePdf('Brief') },
    { name: 'terms.pdf', mimeType: 'application/pdf', buffer: makePdf('Terms') },
  ]);
  await video
    .getByLabel('Upload video')
    .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: makeMp4(64 * 1024) });
  await expect(logo.getByTestId('logo-image')).toBeVisible({ timeout: 15_000 });
  await expect(documents.getByText('2 of 10')).toBeVisible({ timeout: 15_000 });
  await expect(video.getByTestId('attached-video').getByRole('link', { name: 'clip.mp4' })).toBeVisible({
    timeout: 15_000,
  });

  // Asked first; confirmed, the logo goes, focus lands on the slot's picker and the status line says so.
  await logo.getByRole('button', { name: `Remove ${isolated('logo.png')}` }).click();
  await expect(logo.getByText(`Remove ${isolated('logo.png')}?`)).toBeVisible();
  await expectAccessible(page, 'campaign files with Remove, one asking first');
  await logo.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(logo.getByText('No logo yet')).toBeVisible();
  await expect(logo.getByRole('status')).toHaveText(`${isolated('logo.png')} removed.`);
  await expect(logo.getByLabel('Upload logo')).toBeFocused();

  // One document of the list, by keyboard.
  await documents.getByRole('button', { name: `Remove ${isolated('brief.pdf')}` }).focus();
  await page.keyboard.press('Enter');
  await documents.getByRole('button', { name: 'Yes, remove' }).click();
  const links = documents.getByRole('list', { name: 'Attached documents' }).getByRole('link');
  await expect(links).toHaveText(['terms.pdf']);
  await expect(documents.getByText('1 of 10')).toBeVisible();
  await expect(documents.getByLabel('Choose PDFs')).toBeFocused();

  await video.getByRole('button', { name: `Remove ${isolated('clip.mp4')}` }).click();
  await video.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(video.getByText('No video yet.')).toBeVisible();

  expect(await stored(page, teamId, campaignId)).toMatchObject({
    logo: null,
    documents: [{ filename: 'terms.pdf' }],
    video: null,
  });
  // The emptied slot takes a file again.
  await logo.getByLabel('Upload logo').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: makePng(24) });
  await expect(logo.getByRole('status')).toHaveText(`${isolated('new.png')} attached.`, { timeout: 15_000 });
  expect((await stored(page, teamId, campaignId)).logo?.filename).toBe('new.png');
});

test('a document with a 250-character name wraps inside its card instead of widening the page', async ({ page }) => {
  await openNewCampaign(page, 'Long name');
  const documents = page.getByRole('region', { name: /Documents/ });
  const name = `${'QuarterlyReport'.repeat(17).slice(0, 246)}.pdf`;
  expect(name).toHaveLength(250);
  await documents
    .getByLabel('Choose PDFs')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: makePdf('Long') });
  await expect(documents.getByRole('list', { name: 'Attached documents' }).getByRole('link')).toHaveCount(1, {
    timeout: 15_000,
  });
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});
