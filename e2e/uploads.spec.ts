// demo:file (npm run demo:remove deletes this file)
/**
 * Campaign files through the browser: presign -> PUT to storage (XHR, with
 * progress) -> confirm -> attach. The logo (public) with its preview across
 * a reload, and no preview left by a cancelled or failed upload; documents (private PDFs) by picker and by drag and drop, one
 * downloaded through its presigned URL; files refused before any presign (type, size,
 * and the eleventh document), and files storage took but confirm refused, the
 * reason shown on their item.
 */

import { throttleUploads } from './support/campaignUploads';
import { makePdf, makePng } from './support/files';
import { ALICE, createCampaign, screenshot, signInAs, uniqueName } from './support/session';
import { expect, isolated, type Page, test } from './support/test';

const MB = 1024 * 1024;
let acme: number;

test.beforeEach(async ({ page }) => {
  const session = await signInAs(page.request, ALICE);
  acme = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;
});

/** Opens a fresh campaign's page; returns its id. */
async function openNewCampaign(page: Page, name: string): Promise<number> {
  const campaign = await createCampaign(page.request, acme, { name: uniqueName(name), budget: 1000 });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.name);
  return campaign.id;
}

test('uploads a logo with visible progress, can cancel and retry, and the image survives a reload', async ({
  page,
}) => {
  await openNewCampaign(page, 'Logo Test');
  const png = makePng(420); // about 530 KB
  const logo = page.getByRole('region', { name: 'Logo' });
  const unthrottle = await throttleUploads(page, 256 * 1024);

  // First attempt: cancelled half way.
  await logo.getByLabel('Upload logo').setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: png });
  await expect(logo.getByTestId('logo-preview')).toBeVisible();
  const bar = logo.getByRole('progressbar', { name: `Upload of ${isolated('brand.png')}` });
  await expect(bar).toBeVisible();
  await expect(logo.getByText(/Uploading [1-9]\d?%/)).toBeVisible();
  await logo.getByRole('button', { name: `Cancel upload of ${isolated('brand.png')}` }).click();
  await expect(logo.getByText('Cancelled')).toBeVisible();
  // A cancelled upload leaves no preview behind: the campaign has no logo, and the frame says so.
  await expect(logo.getByTestId('logo-preview')).toHaveCount(0);
  await expect(logo.getByText('No logo yet')).toBeVisible();

  // Retry: runs the whole flow again, progress climbing to the end.
  await logo.getByRole('button', { name: `Retry upload of ${isolated('brand.png')}` }).click();
  await expect(logo.getByText(/Uploading [1-9]\d?%/)).toBeVisible();
  await unthrottle();
  await expect(logo.getByTestId('logo-image')).toBeVisible({ timeout: 15_000 });
  await expect(bar).toHaveCount(0);
  await expect(logo.getByText(/brand\.png · 5\d\d KiB/)).toBeVisible();
  await expect(logo.getByText('Replace logo')).toBeVisible();
  await expect(page.getByTestId('score')).toHaveText('60%');

  // From storage (the public URL), not the local preview; still there after a reload.
  const src = await logo.getByTestId('logo-image').getAttribute('src');
  expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  await page.reload();
  const image = page.getByRole('region', { name: 'Logo' }).getByTestId('logo-image');
  await expect(image).toHaveAttribute('src', src ?? '');
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(420);
  const stored = await page.request.get(src ?? '');
  expect(Buffer.from(await stored.body()).equals(png)).toBe(true);

  // A replacement whose PUT to storage fails: the frame goes back to the logo the campaign has.
  await page.route(
    (url) => url.searchParams.has('X-Amz-Signature'),
    (route) => (route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue()),
  );
  const frame = page.getByRole('region', { name: 'Logo' });
  await frame
    .getByLabel('Replace logo')
    .setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: makePng(16) });
  await expect(frame.getByTestId('upload-item')).toHaveAttribute('data-stage', 'failed');
  // What the item says when the browser cannot reach storage (a bucket without CORS fails the same way).
  await expect(frame.getByTestId('upload-item').getByRole('alert')).toHaveText(
    'The upload failed: storage could not be reached.',
  );
  await expect(frame.getByTestId('logo-preview')).toHaveCount(0);
  await expect(frame.getByTestId('logo-image')).toHaveAttribute('src', src ?? '');
  await expect(frame.getByText(/brand\.png · 5\d\d KiB/)).toBeVisible();
  await page.unrouteAll();
});

test('uploads two PDFs (picker and drag and drop) and downloads one through its private URL', async ({ page }) => {
  await openNewCampaign(page, 'Docs Test');
  const documents = page.getByRole('region', { name: /Documents/ });
  const brief = makePdf('Creative brief');
  const budget = makePdf('Budget plan 2026');

  await documents
    .getByLabel('Choose PDFs')
    .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: brief });
  // Drag and drop: a DataTransfer holding the file, dropped on the zone.
  const transfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'budget.pdf', { type: 'application/pdf' }));
    return data;
  }, budget.toString('base64'));
  await documents.getByTestId('documents-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });

  const links = documents.getByRole('list', { name: 'Attached documents' }).getByRole('link');
  // Both upload at once: they are attached in the order they finish.
  await expect(links).toHaveCount(2, { timeout: 15_000 });
  expect((await links.allTextContents()).sort()).toEqual(['brief.pdf', 'budget.pdf']);
  await expect(documents.getByText('2 of 10')).toBeVisible();
  await expect(documents.getByTestId('upload-item')).toHaveCount(0);
  await screenshot(page, 'campaign-files');

  // Private: a presigned, expiring URL that downloads under the file's name.
  const link = links.filter({ hasText: 'budget.pdf' });
  const href = (await link.getAttribute('href')) ?? '';
  expect(new URL(href).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('budget.pdf');
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(await download.path())).equals(budget)).toBe(true);

  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="budget\.pdf"/);
  expect(Buffer.from(await response.body()).equals(budget)).toBe(true);
});

test('a 15,000,000-byte document goes up in parts (multipart) with one progress bar and downloads byte-identical', async ({
  page,
}) => {
  await openNewCampaign(page, 'Large Doc');
  const documents = page.getByRole('region', { name: /Documents/ });
  // A real PDF start (confirm sniffs it), then 15,000,000 bytes that differ along the file: a misplaced part would show.
  const filler = Buffer.alloc(15_000_000);
  for (let offset = 0; offset + 4 <= filler.length; offset += 4096) filler.writeUInt32BE(offset, offset);
  const big = Buffer.concat([makePdf('Large annual report'), filler]);
  const parts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'PUT' && url.searchParams.has('partNumber'))
      parts.push(url.searchParams.get('partNumber') ?? '');
  });
  const unthrottle = await throttleUploads(page, 8 * MB);

  await documents
    .getByLabel('Choose PDFs')
    .setInputFiles({ name: 'annual.pdf', mimeType: 'application/pdf', buffer: big });
  const bar = documents.getByRole('progressbar', { name: `Upload of ${isolated('annual.pdf')}` });
  await expect(bar).toBeVisible();
  await expect(documents.getByText(/Uploading [1-9]\d?%/)).toBeVisible();
  await unthrottle();

  const link = documents.getByRole('list', { name: 'Attached documents' }).getByRole('link', { name: 'annual.pdf' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  // 15,000,000 bytes in parts of 5 MiB: three parts, none through a single presigned PUT.
  expect(parts.sort()).toEqual(['1', '2', '3']);
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(Buffer.from(await response.body()).equals(big)).toBe(true);
});

test('refuses a wrong type and an oversize file before uploading, with a message', async ({ page }) => {
  await openNewCampaign(page, 'Refusals');
  const presigns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('uploads.presign') || request.url().includes('/uploads/presign')) {
      presigns.push(request.url());
    }
  });
  const logo = page.getByRole('region', { name: 'Logo' });
  const documents = page.getByRole('region', { name: /Documents/ });

  await logo.getByLabel('Upload logo').setInputFiles({
    name: 'vector.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(logo.getByRole('alert')).toContainText(`${isolated('vector.svg')}: this type of file is not accepted`);

  await logo.getByLabel('Upload logo').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * MB + 1),
  });
  await expect(logo.getByRole('alert')).toHaveText(
    `${isolated('huge.png')} is too large (5,242,881 bytes; the limit is 5 MiB).`,
  );

  await documents.getByLabel('Choose PDFs').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') },
    { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * MB + 1) },
  ]);
  await expect(documents.getByRole('alert')).toContainText(
    `${isolated('notes.txt')}: this type of file is not accepted`,
  );
  await expect(documents.getByRole('alert')).toContainText(
    `${isolated('scan.pdf')} is too large (20,971,521 bytes; the limit is 20 MiB).`,
  );

  await expect(page.getByTestId('upload-item')).toHaveCount(0);
  expect(presigns).toEqual([]);
});

test('a file the server refuses at confirm shows why on its item, and leaves the slot as it was', async ({ page }) => {
  await openNewCampaign(page, 'Refused at confirm');
  const logo = page.getByRole('region', { name: 'Logo' });
  // A PNG signature with a header no decoder accepts (0 x 0 pixels): it passes the browser's type and size
  // checks, goes to storage, and confirm reads the header and refuses it.
  const broken = makePng(16);
  broken.writeUInt32BE(0, 16);
  broken.writeUInt32BE(0, 20);
  await logo.getByLabel('Upload logo').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: broken });
  const item = logo.getByTestId('upload-item');
  await expect(item).toHaveAttribute('data-stage', 'failed', { timeout: 15_000 });
  await expect(item.getByRole('alert')).toContainText(`${isolated('broken.png')} cannot be read as an image`);
  await expect(logo.getByTestId('logo-preview')).toHaveCount(0);
  await expect(logo.getByText('No logo yet')).toBeVisible();

  // Text dressed as a PNG: content sniffing refuses it, and the item says so.
  const documents = page.getByRole('region', { name: /Documents/ });
  await logo.getByRole('button', { name: `Dismiss ${isolated('broken.png')}` }).click();
  await logo.getByLabel('Upload logo').setInputFiles({
    name: 'page.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><html><body>not an image</body></html>'),
  });
  await expect(item).toHaveAttribute('data-stage', 'failed', { timeout: 15_000 });
  await expect(item.getByRole('alert')).toContainText('page.png');
  // A PDF that is really a PNG, in the documents slot: refused the same way.
  await documents
    .getByLabel('Choose PDFs')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: makePng(8) });
  const documentItem = documents.getByTestId('upload-item');
  await expect(documentItem).toHaveAttribute('data-stage', 'failed', { timeout: 15_000 });
  await expect(documentItem.getByRole('alert')).toContainText('fake.pdf');
  await expect(documents.getByText('No documents yet.')).toBeVisible();

  // Nothing was attached: a reload shows an empty logo frame and no documents.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Logo' }).getByText('No logo yet')).toBeVisible();
  await expect(page.getByRole('region', { name: /Documents/ }).getByText('0 of 10')).toBeVisible();
});

test('documents stop at ten: the eleventh file is refused before any upload, the ten are attached', async ({
  page,
}) => {
  await openNewCampaign(page, 'Ten documents');
  const documents = page.getByRole('region', { name: /Documents/ });
  const files = Array.from({ length: 11 }, (_, index) => ({
    name: `part-${String(index + 1).padStart(2, '0')}.pdf`,
    mimeType: 'application/pdf',
    buffer: makePdf(`Part ${index + 1}`),
  }));
  await documents.getByLabel('Choose PDFs').setInputFiles(files);
  await expect(documents.getByRole('alert')).toHaveText(
    `${isolated('part-11.pdf')}: at most 10 files can be attached.`,
  );
  const links = documents.getByRole('list', { name: 'Attached documents' }).getByRole('link');
  await expect(links).toHaveCount(10, { timeout: 30_000 });
  await expect(documents.getByText('10 of 10')).toBeVisible();
  expect(await links.allTextContents()).not.toContain('part-11.pdf');

  // Full: one more is refused at once, with no request to the server.
  const presigns: string[] = [];
  page.on('request', (request) => {
    if (/presign/i.test(request.url())) presigns.push(request.url());
  });
  await documents.getByLabel('Choose PDFs').setInputFiles(files[10] as (typeof files)[number]);
  await expect(documents.getByRole('alert')).toHaveText(
    `${isolated('part-11.pdf')}: at most 10 files can be attached.`,
  );
  await expect(documents.getByTestId('upload-item')).toHaveCount(0);
  expect(presigns).toEqual([]);
});
