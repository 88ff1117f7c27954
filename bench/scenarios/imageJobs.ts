// demo:file (npm run demo:remove deletes this file)
/**
 * Scenario 8: thumbnails keep up with uploads. The app's job runner
 * (`startAppJobs`, as `next start` runs it) works in this process while
 * small logos go through the real upload flow (presign and confirm through
 * the API handler, PUT to s3rver):
 *
 * - idle latency: one logo at a time, the time from confirm's answer to its
 *   `thumb` variant being recorded (polled every 10 ms), p50 and p95;
 * - burst: `imageBurst` logos uploaded by 10 clients at once, the time from
 *   the last confirm to every logo having its thumbnail;
 * - the job's own cost: `processAssetImages` on one logo (read, decode,
 *   thumbnail, store, record) and `analyzeImage` alone (sharp's CPU part).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { db } from '@/db/database';
import { analyzeImage, processAssetImages } from '@/server';
import type { BenchSettings } from '../options';
import type { ScenarioResult } from '../results';
import { atMost, formatNumber, median } from '../stats';
import { formatTable } from '../table';
import { callApi } from './inProcessApi';

const BURST_TARGET_S = 30;
const IDLE_P50_TARGET_MS = 2_000;
const BURST_CLIENTS = 10;

/** A 400 x 400 logo with shapes and a gradient (a few KB of PNG, like a real one). */
async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#26a"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/><circle cx="200" cy="200" r="120" fill="#fff" opacity="0.8"/>
    <text x="200" y="215" font-size="48" text-anchor="middle" fill="#222">LOGO</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function uploadLogo(teamId: number, cookie: string, png: Buffer): Promise<number> {
  const presigned = await callApi({
    method: 'POST',
    path: `/teams/${teamId}/uploads/presign`,
    headers: { cookie },
    body: { filename: 'logo.png', contentType: 'image/png', byteSize: png.byteLength, slot: 'Campaign.logo' },
  });
  const body = presigned.body as { asset: { id: number }; uploadUrl: string; headers: Record<string, string> };
  if (presigned.status !== 200) throw new Error(`presign answered ${presigned.status}`);
  const put = await fetch(body.uploadUrl, { method: 'PUT', headers: body.headers, body: new Uint8Array(png) });
  if (!put.ok) throw new Error(`PUT answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  await put.arrayBuffer();
  const confirmed = await callApi({
    method: 'POST',
    path: `/teams/${teamId}/uploads/confirm`,
    headers: { cookie },
    body: { assetId: body.asset.id },
  });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return body.asset.id;
}

async function thumbnailed(ids: readonly number[]): Promise<number> {
  const rows = (await db().execute(
    sql`select count(*)::int as n from service_assets
        where id = any(${`{${ids.join(',')}}`}::int[]) and variants ? 'thumb'`,
  )) as unknown as { n: number }[];
  return rows[0]?.n ?? 0;
}

async function waitForThumbnails(ids: readonly number[], everyMs: number, timeoutMs: number): Promise<number | null> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if ((await thumbnailed(ids)) === ids.length) return performance.now();
    await sleep(everyMs);
  }
  return null;
}

export async function runImageJobsScenario(options: {
  teamId: number;
  cookie: string;
  settings: BenchSettings;
}): Promise<ScenarioResult> {
  const { teamId, cookie, settings } = options;
  const { startAppJobs } = await import('@/backend/jobs');
  const { configureLogger, defaultConcurrency, logger } = await import('@/server');
  // Warnings and errors only: a line per request would be most of this scenario's output.
  configureLogger(logger().child({}, { level: 'warn' }));
  const runner = await startAppJobs({ work: true });
  try {
    const png = await logoPng();
    await uploadLogo(teamId, cookie, png); // warm-up: sharp loaded, routes compiled

    const idle: number[] = [];
    const doneIds: number[] = [];
    for (let i = 0; i < settings.imageIdleUploads; i++) {
      await sleep(300); // let the queue fall idle between uploads
      const id = await uploadLogo(teamId, cookie, png);
      const confirmedAt = performance.now();
      const doneAt = await waitForThumbnails([id], 10, 30_000);
      idle.push(doneAt === null ? Number.NaN : doneAt - confirmedAt);
      doneIds.push(id);
    }

    const burstIds: number[] = [];
    let next = 0;
    const burstStart = performance.now();
    await Promise.all(
      Array.from({ length: BURST_CLIENTS }, async () => {
        while (next < settings.imageBurst) {
          next += 1;
          burstIds.push(await uploadLogo(teamId, cookie, png));
        }
      }),
    );
    const lastConfirm = performance.now();
    const thumbsAtLastConfirm = await thumbnailed(burstIds);
    const allDone = await waitForThumbnails(burstIds, 50, 180_000);
    const drainS = allDone === null ? Number.NaN : (allDone - lastConfirm) / 1000;

    // The job's own cost, one at a time on logos already processed once.
    const jobMs: number[] = [];
    for (const id of doneIds.slice(0, 10)) {
      const started = performance.now();
      await processAssetImages(id);
      jobMs.push(performance.now() - started);
    }
    const analyzeMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await analyzeImage(png, { thumb: { size: 128 } });
      analyzeMs.push(performance.now() - started);
    }

    const concurrency = defaultConcurrency();
    const idleP50 = median(idle);
    return {
      scenario: 8,
      title: 'image jobs: thumbnails after upload',
      table: formatTable(
        ['measure', 'value'],
        [
          ['logo', `${formatNumber(png.byteLength / 1024, 1)} KB PNG, 400 x 400 -> 128 px WebP`],
          ['queue concurrency (batch size)', String(concurrency)],
          [
            'idle confirm -> thumbnail p50 / p95 (ms)',
            `${formatNumber(idleP50)} / ${formatNumber(percentile(idle, 95))}`,
          ],
          [`burst of ${settings.imageBurst}: upload time (s)`, formatNumber((lastConfirm - burstStart) / 1000, 1)],
          ['thumbnails done at the last confirm', `${thumbsAtLastConfirm} of ${settings.imageBurst}`],
          ['last confirm -> all thumbnails (s)', formatNumber(drainS, 1)],
          ['one job: processAssetImages median (ms)', formatNumber(median(jobMs), 1)],
          ['of which analyzeImage (sharp) median (ms)', formatNumber(median(analyzeMs), 1)],
        ],
      ),
      rows: [
        {
          scenario: '8 images',
          item: 'idle confirm -> thumbnail p50 (ms)',
          value: formatNumber(idleP50),
          target: `<= ${IDLE_P50_TARGET_MS}`,
          verdict: atMost(idleP50, IDLE_P50_TARGET_MS),
        },
        {
          scenario: '8 images',
          item: `burst of ${settings.imageBurst}: last confirm -> all thumbnails (s)`,
          value: formatNumber(drainS, 1),
          target: `<= ${BURST_TARGET_S}`,
          verdict: atMost(drainS, BURST_TARGET_S),
        },
      ],
      figures: {
        idleMs: idle,
        burst: settings.imageBurst,
        uploadSeconds: (lastConfirm - burstStart) / 1000,
        thumbsAtLastConfirm,
        drainSeconds: drainS,
        jobMs,
        analyzeMs,
        concurrency,
      },
      notes: [
        `The job runner works in this process, as in \`next start\` (jobs in the app); uploads and jobs share its CPU.`,
        `${BURST_CLIENTS} clients upload the burst; the queue works batches of ${concurrency} (the machine's cores, at least 2).`,
      ],
    };
  } finally {
    await runner.stop();
  }
}
