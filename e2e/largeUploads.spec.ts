// demo:file (npm run demo:remove deletes this file)
/**
 * A large file through the campaign page: the video slot (up to 2 GiB) sends
 * files past the multipart threshold in parts, with bytes, speed and time
 * left on screen; Pause stops it, a reload forgets the page but not the
 * upload, and choosing the same file again sends only the missing parts.
 * Also: Pause then Resume on the same page, Pause before any part is stored
 * (0%, and the bytes of the unfinished parts named as going again), a part
 * whose PUT fails sent again on its own, Cancel (the upload aborted, nothing
 * left to resume) and Discard of an interrupted upload.
 *
 * The e2e server sets UPLOAD_MULTIPART_THRESHOLD to 10 MiB (scripts/e2eServer.ts),
 * so a 30 MiB file (6 parts of 5 MiB) shows the path without a 64 MiB upload.
 */
import { writeFile } from 'node:fs/promises';
import { throttleUploads } from './support/campaignUploads';
import { makeMp4 } from './support/files';
import { ALICE, createCampaign, screenshot, signInAs, uniqueName } from './support/session';
import { expect, isolated, type Page, test } from './support/test';
import { trpcCallsIn } from './support/trpcCalls';

const MiB = 1024 * 1024;

/** Part numbers PUT to storage from now on (multipart part URLs carry `partNumber`). */
function recordPartPuts(page: Page): number[] {
  const parts: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'PUT' && url.searchParams.has('partNumber'))
      parts.push(Number(url.searchParams.get('partNumber')));
  });
  return parts;
}

/** Part numbers the app was told are stored: record-part calls (tRPC batches several calls in one request). */
function recordedParts(page: Page): number[] {
  const parts: number[] = [];
  page.on('requestfinished', (request) => {
    for (const { procedure, input } of trpcCallsIn(request)) {
      if (procedure.endsWith('.recordPart') && typeof input.partNumber === 'number') parts.push(input.partNumber);
    }
  });
  return parts;
}

/** Calls of a tRPC procedure from now on (to see that a resume creates no second upload). */
function callsOf(page: Page, procedureSuffix: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (trpcCallsIn(request).some((call) => call.procedure.endsWith(procedureSuffix))) {
      calls.push(new URL(request.url()).pathname);
    }
  });
  return calls;
}

test('a 30 MiB video goes up in parts with speed and time left, pauses, and resumes after a reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await signInAs(page.request, ALICE);
  const acme = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;
  const campaign = await createCampaign(page.request, acme, { name: uniqueName('Launch film'), budget: 1000 });
  // A file on disk, not a buffer: the same file chosen twice keeps its date, which is part of what resume matches.
  const path = testInfo.outputPath('trailer.mp4');
  const bytes = makeMp4(30 * MiB);
  await writeFile(path, bytes);

  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);
  const video = page.getByRole('region', { name: 'Video' });
  await expect(video.getByText('No video yet.')).toBeVisible();
  await expect(video.getByText(/up to 2 GiB\. From 10 MiB it goes up in parts/)).toBeVisible();
  const recorded = recordedParts(page);
  // Slow enough that Pause lands while the last parts are still on their way, even on a busy machine.
  const unthrottle = await throttleUploads(page, 2 * MiB);

  await video.getByLabel('Upload video').setInputFiles(path);
  await expect(video.getByRole('progressbar', { name: `Upload of ${isolated('trailer.mp4')}` })).toBeVisible();
  // Bytes sent of the whole, the speed, and the time left (binary units, like every size on the page).
  await expect(video.getByTestId('upload-transfer')).toHaveText(
    /^[\d.]+ (B|KiB|MiB) of 30 MiB · [\d.]+ (KiB|MiB)\/s · \d+ (second|minute)s? left$/,
    { timeout: 20_000 },
  );
  await expect.poll(() => recorded.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(1);
  await video.getByRole('button', { name: `Pause upload of ${isolated('trailer.mp4')}` }).click();
  await expect(video.getByTestId('upload-item')).toHaveAttribute('data-stage', 'paused');
  await expect(video.getByRole('button', { name: `Resume upload of ${isolated('trailer.mp4')}` })).toBeVisible();
  await expect(video.getByText(/Paused \d+%/)).toBeVisible();
  await screenshot(page, 'campaign-video-paused');
  await unthrottle();
  const storedBeforeReload = [...recorded];
  expect(storedBeforeReload.length).toBeLessThan(6);

  // A reload: the page forgets the file, the browser remembers the upload for this campaign's video.
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Video' });
  await expect(reloaded.getByTestId('interrupted-upload')).toHaveText(
    /The upload of trailer\.mp4 \(30 MiB\) was interrupted\. Choose the same file again/,
  );
  await screenshot(page, 'campaign-video-interrupted');
  const sentAfterReload = recordPartPuts(page);
  const created = callsOf(page, '.createMultipart');
  await reloaded.getByLabel('Upload video').setInputFiles(path);

  // Attached: the link to the stored file, with its size; the progress item and the notice are gone.
  const attached = reloaded.getByTestId('attached-video');
  await expect(attached.getByRole('link', { name: 'trailer.mp4' })).toBeVisible({ timeout: 60_000 });
  await expect(attached).toContainText('30 MiB');
  await expect(reloaded.getByTestId('upload-item')).toHaveCount(0);
  await expect(reloaded.getByTestId('interrupted-upload')).toHaveCount(0);
  await expect(reloaded.getByText('Replace video')).toBeVisible();
  // The same upload, resumed: no new one created, only the parts storage did not have were sent.
  expect(created).toEqual([]);
  expect(sentAfterReload.length).toBeGreaterThan(0);
  expect(sentAfterReload.filter((part) => storedBeforeReload.includes(part))).toEqual([]);
  expect(new Set([...storedBeforeReload, ...sentAfterReload])).toEqual(new Set([1, 2, 3, 4, 5, 6]));

  // Byte-identical from storage (a private, presigned URL), and still attached after another reload.
  const href = (await attached.getByRole('link', { name: 'trailer.mp4' }).getAttribute('href')) ?? '';
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
  await page.reload();
  await expect(page.getByTestId('attached-video').getByRole('link', { name: 'trailer.mp4' })).toBeVisible();
});

/** Signs Alice in, makes a campaign, writes a `size`-byte MP4 to disk; returns the campaign page's path and the file. */
async function videoCampaign(page: Page, name: string, size: number, path: string) {
  const session = await signInAs(page.request, ALICE);
  const acme = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;
  const campaign = await createCampaign(page.request, acme, { name: uniqueName(name), budget: 1000 });
  const bytes = makeMp4(size);
  await writeFile(path, bytes);
  return { url: `/teams/${acme}/campaigns/${campaign.id}`, bytes };
}

test('Pause, then Resume on the same page: the upload goes on and only the missing parts are sent', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const path = testInfo.outputPath('teaser.mp4');
  // 12 MiB: parts of 5, 5 and 2 MiB; the small one is stored first while the others are on their way.
  const { url, bytes } = await videoCampaign(page, 'Teaser', 12 * MiB, path);
  await page.goto(url);
  const video = page.getByRole('region', { name: 'Video' });
  const recorded = recordedParts(page);
  const sent = recordPartPuts(page);
  const unthrottle = await throttleUploads(page, 1.5 * MiB);

  await video.getByLabel('Upload video').setInputFiles(path);
  await expect.poll(() => recorded.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await video.getByRole('button', { name: `Pause upload of ${isolated('teaser.mp4')}` }).click();
  await expect(video.getByTestId('upload-item')).toHaveAttribute('data-stage', 'paused');
  await expect(video.getByText(/Paused \d+%/)).toBeVisible();
  const storedWhenPaused = [...recorded];
  expect(storedWhenPaused.length).toBeLessThan(3);
  await unthrottle();

  const sentBeforeResume = sent.length;
  const created = callsOf(page, '.createMultipart');
  await video.getByRole('button', { name: `Resume upload of ${isolated('teaser.mp4')}` }).click();
  const attached = video.getByTestId('attached-video');
  await expect(attached.getByRole('link', { name: 'teaser.mp4' })).toBeVisible({ timeout: 30_000 });
  await expect(video.getByTestId('upload-item')).toHaveCount(0);
  // The same upload: none created, and the parts stored before the pause were not sent again.
  expect(created).toEqual([]);
  const sentAfterResume = sent.slice(sentBeforeResume);
  expect(sentAfterResume.filter((part) => storedWhenPaused.includes(part))).toEqual([]);
  expect(new Set(recorded)).toEqual(new Set([1, 2, 3]));
  const download = await page.request.get(
    (await attached.getByRole('link', { name: 'teaser.mp4' }).getAttribute('href')) ?? '',
  );
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
});

test('Pause before any part is stored says what is kept and what goes again', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const path = testInfo.outputPath('intro.mp4');
  // 12 MiB: parts of 5, 5 and 2 MiB, all three on their way at once and none stored for seconds.
  const { url, bytes } = await videoCampaign(page, 'Intro', 12 * MiB, path);
  await page.goto(url);
  const video = page.getByRole('region', { name: 'Video' });
  const recorded = recordedParts(page);
  const sent = recordPartPuts(page);
  const unthrottle = await throttleUploads(page, 256 * 1024);

  await video.getByLabel('Upload video').setInputFiles(path);
  const transfer = video.getByTestId('upload-transfer');
  await expect(transfer).toHaveText(/^[\d.]+ (KiB|MiB) of 12 MiB · /, { timeout: 20_000 });
  await video.getByRole('button', { name: `Pause upload of ${isolated('intro.mp4')}` }).click();
  await expect(video.getByTestId('upload-item')).toHaveAttribute('data-stage', 'paused');
  expect(recorded).toEqual([]);
  // Nothing is stored, so 0%; the bytes sent so far are named, and that they go again (a part is all or nothing).
  await expect(video.getByText('Paused 0%')).toBeVisible();
  await expect(transfer).toHaveText(/^0 B of 12 MiB saved · [\d.]+ (KiB|MiB) of unfinished parts will be sent again$/);
  await screenshot(page, 'campaign-video-paused-early');
  await unthrottle();

  const sentBeforeResume = sent.length;
  await video.getByRole('button', { name: `Resume upload of ${isolated('intro.mp4')}` }).click();
  const attached = video.getByTestId('attached-video');
  await expect(attached.getByRole('link', { name: 'intro.mp4' })).toBeVisible({ timeout: 30_000 });
  expect(sent.slice(sentBeforeResume).sort()).toEqual([1, 2, 3]);
  const download = await page.request.get(
    (await attached.getByRole('link', { name: 'intro.mp4' }).getAttribute('href')) ?? '',
  );
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
});

test('a part whose PUT fails is tried again on its own, and the file arrives whole', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const path = testInfo.outputPath('clip.mp4');
  const { url, bytes } = await videoCampaign(page, 'Clip', 12 * MiB, path);
  await page.goto(url);
  const video = page.getByRole('region', { name: 'Video' });
  const sent = recordPartPuts(page);
  // The first PUT of part 2 never reaches storage (a dropped connection); later ones go through.
  let dropped = 0;
  await page.route(
    (target) => target.searchParams.get('partNumber') === '2',
    (route) => {
      if (route.request().method() === 'PUT' && dropped === 0) {
        dropped += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    },
  );

  await video.getByLabel('Upload video').setInputFiles(path);
  const attached = video.getByTestId('attached-video');
  await expect(attached.getByRole('link', { name: 'clip.mp4' })).toBeVisible({ timeout: 30_000 });
  expect(dropped).toBe(1);
  expect(sent.filter((part) => part === 2)).toHaveLength(2);
  expect(sent.filter((part) => part !== 2).sort()).toEqual([1, 3]);
  const download = await page.request.get(
    (await attached.getByRole('link', { name: 'clip.mp4' }).getAttribute('href')) ?? '',
  );
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
  await page.unrouteAll();
});

test('Cancel gives a large upload up for good, and Discard forgets an interrupted one', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const path = testInfo.outputPath('promo.mp4');
  const { url } = await videoCampaign(page, 'Promo', 12 * MiB, path);
  await page.goto(url);
  const video = page.getByRole('region', { name: 'Video' });
  const aborted = callsOf(page, '.abortMultipart');
  const unthrottle = await throttleUploads(page, 512 * 1024);

  // Cancel while the parts are on their way: the item says so, the server is told, nothing is left to resume.
  await video.getByLabel('Upload video').setInputFiles(path);
  await expect(video.getByText(/Uploading \d+%/)).toBeVisible({ timeout: 20_000 });
  await video.getByRole('button', { name: `Cancel upload of ${isolated('promo.mp4')}` }).click();
  await expect(video.getByTestId('upload-item')).toHaveAttribute('data-stage', 'cancelled');
  await expect(video.getByRole('button', { name: `Retry upload of ${isolated('promo.mp4')}` })).toBeVisible();
  await expect.poll(() => aborted.length).toBe(1);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Video' }).getByText('No video yet.')).toBeVisible();
  await expect(page.getByTestId('interrupted-upload')).toHaveCount(0);

  // Paused, then the page reloaded: the browser offers to continue; Discard gives that up.
  const again = page.getByRole('region', { name: 'Video' });
  await again.getByLabel('Upload video').setInputFiles(path);
  await expect(again.getByText(/Uploading \d+%/)).toBeVisible({ timeout: 20_000 });
  await again.getByRole('button', { name: `Pause upload of ${isolated('promo.mp4')}` }).click();
  await expect(again.getByTestId('upload-item')).toHaveAttribute('data-stage', 'paused');
  await unthrottle();
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Video' });
  const notice = reloaded.getByTestId('interrupted-upload');
  await expect(notice).toContainText('The upload of promo.mp4 (12 MiB) was interrupted.');
  const abortedAfterReload = callsOf(page, '.abortMultipart');
  await notice.getByRole('button', { name: `Discard the upload of ${isolated('promo.mp4')}` }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(() => abortedAfterReload.length).toBe(1);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Video' }).getByText('No video yet.')).toBeVisible();
  await expect(page.getByTestId('interrupted-upload')).toHaveCount(0);

  // The same file chosen now starts a new upload (nothing to resume) and is attached.
  const created = callsOf(page, '.createMultipart');
  await page.getByRole('region', { name: 'Video' }).getByLabel('Upload video').setInputFiles(path);
  await expect(page.getByTestId('attached-video').getByRole('link', { name: 'promo.mp4' })).toBeVisible({
    timeout: 30_000,
  });
  expect(created).toHaveLength(1);
});
