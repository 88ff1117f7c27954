// demo:file (npm run demo:remove deletes this file)
/**
 * Scenario 5: presigned uploads.
 *
 * - Presign requests per second through the real endpoint on `next start`
 *   (POST /api/teams/:teamId/uploads/presign: slot check, cached store probe,
 *   signing, INSERT of the pending asset).
 * - The cost of one signature in this process: `presignUpload` on the
 *   framework's shared (reused) S3 client, against `getSignedUrl` with a new
 *   client per call, which pays for client construction and endpoint
 *   resolution every time. Signing must not dominate the request: its share
 *   of the endpoint's per-request time (1 / req/s at saturation) is judged.
 */
import { performance } from 'node:perf_hooks';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { wireApp } from '@/backend/app';
import { generateObjectKey, presignUpload, storageConfig } from '@/server';
import { runLoad } from '../load';
import type { BenchSettings } from '../options';
import type { ScenarioResult } from '../results';
import { atMost, formatNumber } from '../stats';
import { formatTable } from '../table';

// The app's storage options (backend/storage.ts), as the API has them.
wireApp();

/** Signing may take at most this share of one presign request's time. */
const SIGN_SHARE_TARGET = 0.5;

async function microseconds(iterations: number, fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await fn();
  return ((performance.now() - start) * 1000) / iterations;
}

export async function runPresignScenario(options: {
  baseUrl: string | null;
  cookie: string | null;
  teamId: number;
  settings: BenchSettings;
}): Promise<ScenarioResult> {
  const { baseUrl, cookie, teamId, settings } = options;
  const body = { filename: 'logo.png', contentType: 'image/png', byteSize: 2048, slot: 'Campaign.logo' };
  let load = null;
  if (baseUrl && cookie) {
    const target = {
      baseUrl,
      headers: { cookie },
      request: { method: 'POST' as const, path: `/api/teams/${teamId}/uploads/presign`, body },
    };
    await runLoad(target, settings.warmupSeconds, settings.connections);
    load = await runLoad(target, settings.presignSeconds, settings.connections);
  }

  const input = { key: generateObjectKey('logo.png', 'image/png', 'public'), contentType: 'image/png', byteSize: 2048 };
  const coldStart = performance.now();
  await presignUpload(input);
  const firstMs = performance.now() - coldStart;
  await microseconds(200, () => presignUpload(input)); // JIT warm-up
  const reusedUs = await microseconds(settings.signIterations, () => presignUpload(input));
  const config = storageConfig();
  const freshClientUs = await microseconds(Math.max(50, settings.signIterations / 20), () => {
    const client = new S3Client({
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const command = new PutObjectCommand({
      Bucket: config.bucket,
      Key: input.key,
      ContentType: 'image/png',
      ContentLength: 2048,
    });
    return getSignedUrl(client, command, {
      expiresIn: 300,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
  });

  const requestUs = load ? 1_000_000 / load.rps : Number.NaN;
  const share = reusedUs / requestUs;
  const rows = [];
  if (load) {
    rows.push({
      scenario: '5 presign',
      item: `presign endpoint (p50 ${formatNumber(load.p50, 1)} ms, p99 ${formatNumber(load.p99, 1)} ms)`,
      value: `${formatNumber(load.rps)} req/s`,
      target: '-',
      verdict: load.non2xx + load.errors > 0 ? ('ERROR' as const) : ('INFO' as const),
    });
  }
  rows.push({
    scenario: '5 presign',
    item: `one signature, reused client ${formatNumber(reusedUs)} µs (new client each time: ${formatNumber(freshClientUs)} µs)`,
    value: load ? `${formatNumber(share * 100, 1)}% of a request` : `${formatNumber(reusedUs)} µs`,
    target: `< ${SIGN_SHARE_TARGET * 100}%`,
    verdict: load ? atMost(share, SIGN_SHARE_TARGET) : 'INFO',
  });
  return {
    scenario: 5,
    title: 'Presigned uploads',
    table: formatTable(
      ['measure', 'value'],
      [
        ['presign endpoint req/s', load ? formatNumber(load.rps) : 'not run (needs next start)'],
        ['presign endpoint p50 / p99 ms', load ? `${formatNumber(load.p50, 1)} / ${formatNumber(load.p99, 1)}` : '-'],
        ['first presignUpload in this process (cold) ms', formatNumber(firstMs, 1)],
        ['presignUpload, shared client, µs per call', formatNumber(reusedUs, 1)],
        ['getSignedUrl with a new S3Client per call, µs', formatNumber(freshClientUs, 1)],
      ],
    ),
    rows,
    figures: { load, firstMs, reusedUs, freshClientUs, signShareOfRequest: share },
    notes: [
      `Signing is local (no network); ${formatNumber(settings.signIterations)} calls timed after a warm-up. ` +
        'Each presign request also writes its pending asset row, which the load leaves behind (removed with the database).',
    ],
  };
}
