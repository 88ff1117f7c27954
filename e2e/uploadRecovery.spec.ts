// demo:file (npm run demo:remove deletes this file)
/**
 * Upload rows when things go sideways, through the browser: Cancel is offered
 * until the attach request is sent, not after (the file is attached then,
 * whatever the browser does); a network failure reads as everywhere else in
 * the app, not as the browser's "Failed to fetch"; keyboard focus stays in
 * the slot when the button it was on goes (Cancel -> Retry, Pause -> Resume,
 * Dismiss and Discard -> the picker); Retry after only the attach failed
 * attaches the stored file without sending it again; a large document (sent in parts)
 * interrupted by a reload is offered for resuming, like the video, and
 * Discard gives it up.
 */
import { writeFile } from 'node:fs/promises';
import { openNewCampaign, throttleUploads } from './support/campaignUploads';
import { makePdf, makePng } from './support/files';
import { expect, isolated, test } from './support/test';
import { trpcCallsIn } from './support/trpcCalls';

const MiB = 1024 * 1024;

test('Cancel goes once the attach is sent: the row says Attaching… and the file is attached', async ({ page }) => {
  await openNewCampaign(page, 'Late cancel');
  const logo = page.getByRole('region', { name: 'Logo' });
  // Hold the attach call on its way, so the row stays in that stage long enough to look at.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('.attach'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await logo.getByLabel('Upload logo').setInputFiles({ name: 'late.png', mimeType: 'image/png', buffer: makePng(16) });
  const item = logo.getByTestId('upload-item');
  await expect(item).toHaveAttribute('data-stage', 'attaching', { timeout: 15_000 });
  await expect(item).toContainText('Attaching…');
  await expect(item.getByRole('button')).toHaveCount(0);
  release();
  await expect(logo.getByRole('status')).toHaveText(`${isolated('late.png')} attached.`, { timeout: 15_000 });
  await expect(logo.getByTestId('logo-image')).toBeVisible();
});

test('a network failure says the server could not be reached; focus moves from Cancel to Retry, Dismiss to the picker', async ({
  page,
}) => {
  await openNewCampaign(page, 'Offline');
  const documents = page.getByRole('region', { name: /Documents/ });
  await page.route(
    (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('.presign'),
    (route) => route.abort('internetdisconnected'),
  );
  await documents
    .getByLabel('Choose PDFs')
    .setInputFiles({ name: 'offline.pdf', mimeType: 'application/pdf', buffer: makePdf('Offline') });
  const item = documents.getByTestId('upload-item');
  await expect(item).toHaveAttribute('data-stage', 'failed', { timeout: 15_000 });
  await expect(item.getByRole('alert')).toHaveText('The server could not be reached. Try again.');
  await page.unrouteAll();

  // Retry by keyboard, then Cancel while it is on its way: Retry takes Cancel's place, and the focus.
  const unthrottle = await throttleUploads(page, 64 * 1024);
  await documents.getByLabel('Choose PDFs').setInputFiles({
    name: 'slow.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([makePdf('Slow'), Buffer.alloc(MiB)]),
  });
  const slow = documents.getByTestId('upload-item').filter({ hasText: 'slow.pdf' });
  await expect(slow).toHaveAttribute('data-stage', 'uploading', { timeout: 15_000 });
  await slow.getByRole('button', { name: `Cancel upload of ${isolated('slow.pdf')}` }).focus();
  await page.keyboard.press('Enter');
  await expect(slow).toHaveAttribute('data-stage', 'cancelled');
  await expect(slow.getByRole('button', { name: `Retry upload of ${isolated('slow.pdf')}` })).toBeFocused();
  await unthrottle();

  // Dismiss takes the row away: focus goes to the slot's picker, not to the top of the page.
  await slow.getByRole('button', { name: `Dismiss ${isolated('slow.pdf')}` }).focus();
  await page.keyboard.press('Enter');
  await expect(slow).toHaveCount(0);
  await expect(documents.getByLabel('Choose PDFs')).toBeFocused();
});

test('Retry after only the attach failed attaches the stored file without sending it again', async ({ page }) => {
  await openNewCampaign(page, 'Attach retry');
  const documents = page.getByRole('region', { name: /Documents/ });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).searchParams.has('X-Amz-Signature')) sent.push('PUT');
    for (const { procedure } of trpcCallsIn(request)) sent.push(procedure.slice(procedure.lastIndexOf('.') + 1));
  });
  // The first attach never reaches the server; the file is stored and confirmed by then.
  let dropped = false;
  await page.route(
    (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('.attach'),
    (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort('internetdisconnected');
    },
  );
  await documents
    .getByLabel('Choose PDFs')
    .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: makePdf('Brief') });
  const item = documents.getByTestId('upload-item');
  await expect(item).toHaveAttribute('data-stage', 'failed', { timeout: 15_000 });
  await expect(item.getByRole('alert')).toHaveText('The server could not be reached. Try again.');
  const steps = ['presign', 'PUT', 'confirm', 'attach'];
  expect(sent.filter((step) => steps.includes(step))).toEqual(steps);

  sent.length = 0;
  await documents.getByRole('button', { name: `Retry upload of ${isolated('brief.pdf')}` }).click();
  await expect(documents.getByRole('list', { name: 'Attached documents' }).getByRole('link')).toHaveText(
    ['brief.pdf'],
    {
      timeout: 15_000,
    },
  );
  expect(sent.filter((step) => steps.includes(step))).toEqual(['attach']);
  await expect(documents.getByText('1 of 10')).toBeVisible();
});

test('a 12 MiB document interrupted by a reload is offered for resuming, then continues from the same file', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openNewCampaign(page, 'Resume document');
  const documents = page.getByRole('region', { name: /Documents/ });
  // On disk, so choosing it again gives the same file (name, size, type and date: what resume matches).
  const path = testInfo.outputPath('report.pdf');
  await writeFile(path, Buffer.concat([makePdf('Annual report'), Buffer.alloc(12 * MiB)]));
  const recorded: number[] = [];
  page.on('requestfinished', (request) => {
    for (const { procedure, input } of trpcCallsIn(request))
      if (procedure.endsWith('.recordPart') && typeof input.partNumber === 'number') recorded.push(input.partNumber);
  });
  const unthrottle = await throttleUploads(page, 2 * MiB);
  await documents.getByLabel('Choose PDFs').setInputFiles(path);
  await expect.poll(() => recorded.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  // Pause by keyboard: Resume takes its place, and the focus.
  await documents.getByRole('button', { name: `Pause upload of ${isolated('report.pdf')}` }).focus();
  await page.keyboard.press('Enter');
  await expect(documents.getByRole('button', { name: `Resume upload of ${isolated('report.pdf')}` })).toBeFocused();
  await unthrottle();

  await page.reload();
  const reloaded = page.getByRole('region', { name: /Documents/ });
  const interrupted = reloaded.getByTestId('interrupted-upload');
  await expect(interrupted).toHaveText(
    /The upload of report\.pdf \(12 MiB\) was interrupted\. Choose the same file again/,
  );
  await reloaded.getByLabel('Choose PDFs').setInputFiles(path);
  await expect(
    reloaded.getByRole('list', { name: 'Attached documents' }).getByRole('link', { name: 'report.pdf' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(interrupted).toHaveCount(0);
  await expect(reloaded.getByText('1 of 10')).toBeVisible();
});

test('Discard gives up an interrupted document and puts focus on the picker', async ({ page }) => {
  const { teamId, campaignId } = await openNewCampaign(page, 'Discard document');
  // What an upload a reload cut short leaves in this browser (its asset long gone: discard still works).
  await page.evaluate(
    ({ scope }) =>
      localStorage.setItem(
        'upload:ghost.pdf:12582912:application/pdf:1700000000000',
        JSON.stringify({
          assetId: 2147483647,
          partSize: 5242880,
          partCount: 3,
          filename: 'ghost.pdf',
          byteSize: 12582912,
          scope,
        }),
      ),
    { scope: `teams/${teamId}/campaigns/${campaignId}/documents` },
  );
  await page.reload();
  const documents = page.getByRole('region', { name: /Documents/ });
  await expect(documents.getByTestId('interrupted-upload')).toContainText(
    'The upload of ghost.pdf (12 MiB) was interrupted.',
  );
  await documents.getByRole('button', { name: `Discard the upload of ${isolated('ghost.pdf')}` }).focus();
  await page.keyboard.press('Enter');
  await expect(documents.getByTestId('interrupted-upload')).toHaveCount(0);
  await expect(documents.getByLabel('Choose PDFs')).toBeFocused();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('upload:')))).toEqual([]);
});
