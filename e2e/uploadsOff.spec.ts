// demo:file (npm run demo:remove deletes this file)
/**
 * Uploads off: the production server started without the S3_* variables, on
 * a database whose campaigns already have files (from before, or copied from
 * another environment). Pages with files still open: the logo and the
 * documents are listed without addresses, and an upload says uploads are not
 * available instead of failing somewhere in the middle (docs/deployment.md).
 */
import { readE2eServices } from '../scripts/e2eServices';
import { openNewCampaign } from './support/campaignUploads';
import { makePdf, makePng } from './support/files';
import { startProductionServer } from './support/productionServer';
import { ALICE, signInAs } from './support/session';
import { expect, test, waitForHydration } from './support/test';

test('with uploads off, a campaign with files still opens, and an upload says uploads are not available', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // On the run's own server (uploads on): a campaign with a logo and a document.
  const { teamId, campaignId } = await openNewCampaign(page, 'Stored Elsewhere');
  const name = String(await page.getByRole('heading', { level: 1 }).textContent());
  const logo = page.getByRole('region', { name: 'Logo' });
  await logo.getByLabel('Upload logo').setInputFiles({ name: 'mark.png', mimeType: 'image/png', buffer: makePng(64) });
  await expect(logo.getByTestId('logo-image')).toBeVisible({ timeout: 15_000 });
  const documents = page.getByRole('region', { name: /Documents/ });
  await documents
    .getByLabel('Choose PDFs')
    .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: makePdf('Brief') });
  await expect(documents.getByRole('link', { name: 'brief.pdf' })).toBeVisible({ timeout: 15_000 });

  // The same database, on a server without storage.
  const withoutStorage = Object.fromEntries(
    Object.entries(readE2eServices()).filter(([name]) => !name.startsWith('S3_') && name !== 'EMBEDDED_S3'),
  );
  const server = await startProductionServer('standalone', (port) => ({
    ...withoutStorage,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    AUTH_DEV_LOGIN: 'true',
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'uploads-off-test-secret-not-for-production-01',
    // The run's own server works the queue: this one, without storage, must not take its image jobs.
    JOBS_IN_APP: 'false',
  }));
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const off = await context.newPage();
    await expect
      .poll(async () => (await off.request.get('/api/health').catch(() => undefined))?.status(), { timeout: 30_000 })
      .toBe(200);
    expect(await (await off.request.get('/api/health')).json()).toMatchObject({ storage: 'off' });
    await signInAs(off.request, ALICE);

    await off.goto(`/teams/${teamId}/campaigns/${campaignId}`);
    await waitForHydration(off);
    await expect(off.getByRole('heading', { level: 1 })).toHaveText(name);
    // The logo is on record, with nothing to serve it: said so, not "No logo yet", and no broken image.
    const offLogo = off.getByRole('region', { name: 'Logo' });
    await expect(offLogo.getByText('Logo not available')).toBeVisible();
    await expect(offLogo.getByText(/mark\.png · \d+ KiB/)).toBeVisible();
    await expect(offLogo.getByRole('img')).toHaveCount(0);
    // The document is listed by name, without a download link.
    const offDocuments = off.getByRole('region', { name: /Documents/ });
    await expect(offDocuments.getByRole('list', { name: 'Attached documents' })).toContainText('brief.pdf');
    await expect(offDocuments.getByRole('link', { name: 'brief.pdf' })).toHaveCount(0);

    // An upload is refused at its first step, saying why, and the logo on record stays.
    await offLogo
      .getByLabel('Replace logo')
      .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: makePng(32) });
    await expect(offLogo.getByTestId('upload-item')).toHaveAttribute('data-stage', 'failed');
    await expect(offLogo.getByTestId('upload-item').getByRole('alert')).toContainText('Uploads are not available');
    await off.reload();
    await waitForHydration(off);
    await expect(off.getByRole('region', { name: 'Logo' }).getByText(/mark\.png · \d+ KiB/)).toBeVisible();

    // The list of campaigns opens too, the row without a thumbnail.
    await off.goto(`/teams/${teamId}/campaigns?q=${encodeURIComponent(name)}`);
    await waitForHydration(off);
    const row = off.getByTestId('campaign-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('campaign-thumb')).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});
