// demo:file (npm run demo:remove deletes this file)
/**
 * Scenario 6: `AssetService.createFromService` with a generated stream of
 * 1 GB (256 MB in quick mode), never held in memory: the same 1 MiB of random
 * bytes is yielded again and again. s3rver runs in a child process, so what
 * is sampled here (RSS every 20 ms, from a GC'd baseline) is the bench
 * process's own growth while it streams: the SDK's part buffers and queue.
 */

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { AssetService, deleteObject, UPLOAD_PART_SIZE, UPLOAD_QUEUE_SIZE } from '@/server';
import type { BenchSettings } from '../options';
import type { ScenarioResult } from '../results';
import { atMost, formatNumber } from '../stats';
import { formatTable } from '../table';

const RSS_GROWTH_TARGET_MB = 100;
const MB = 1024 * 1024;
const CHUNK = MB;
const SAMPLE_MS = 20;

/** `gc()` without starting node with --expose-gc (npm run bench runs plain tsx). */
function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

function generatedStream(bytes: number): Readable {
  const chunk = randomBytes(CHUNK);
  return Readable.from(
    (function* () {
      let left = bytes;
      while (left > 0) {
        const size = Math.min(CHUNK, left);
        left -= size;
        yield size === CHUNK ? chunk : chunk.subarray(0, size);
      }
    })(),
    { objectMode: false },
  );
}

export async function runUploadMemoryScenario(options: {
  settings: BenchSettings;
  s3Pid: number;
}): Promise<ScenarioResult> {
  const { settings } = options;
  const bytes = settings.uploadBytes;
  const gc = exposedGc();
  gc();
  await sleep(200);
  gc();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  // `external` includes `arrayBuffers` (Buffers): the memory the SDK's part buffers take.
  let peakExternal = baseline.external;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakExternal = Math.max(peakExternal, now.external);
  }, SAMPLE_MS);
  const start = performance.now();
  let asset: Awaited<ReturnType<typeof AssetService.createFromService>>;
  try {
    asset = await AssetService.createFromService({
      filename: `generated-${bytes / MB}mb.bin`,
      contentType: 'application/octet-stream',
      access: 'private',
      stream: generatedStream(bytes),
      byteSize: bytes,
    });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - start) / 1000;
  if (asset.byteSize !== bytes) throw new Error(`stored ${asset.byteSize} bytes, expected ${bytes}`);
  // Free the disk at once (the s3rver folder goes with the run's temporary folder anyway).
  await deleteObject(asset.key as string).catch(() => {});

  const growthMb = (peakRss - baseline.rss) / MB;
  const label = `${formatNumber(bytes / MB)} MB stream${settings.mode === 'quick' ? ' (quick mode; full: 1,024 MB)' : ''}`;
  return {
    scenario: 6,
    title: 'Server-side upload memory (createFromService with a generated stream)',
    table: formatTable(
      ['measure', 'value'],
      [
        ['stream size MB', formatNumber(bytes / MB)],
        ['upload time s / throughput MB/s', `${formatNumber(seconds, 1)} / ${formatNumber(bytes / MB / seconds)}`],
        ['baseline RSS MB', formatNumber(baseline.rss / MB)],
        ['peak RSS growth MB', formatNumber(growthMb, 1)],
        ['peak heap growth MB', formatNumber((peakHeap - baseline.heapUsed) / MB, 1)],
        ['peak external (Buffers) growth MB', formatNumber((peakExternal - baseline.external) / MB, 1)],
        ['part size / parts in flight', `${UPLOAD_PART_SIZE / MB} MB / ${UPLOAD_QUEUE_SIZE}`],
      ],
    ),
    rows: [
      {
        scenario: '6 upload',
        item: `createFromService, ${label}: peak RSS growth`,
        value: `${formatNumber(growthMb, 1)} MB`,
        target: `< ${RSS_GROWTH_TARGET_MB} MB`,
        verdict: atMost(growthMb, RSS_GROWTH_TARGET_MB - Number.EPSILON),
      },
    ],
    figures: {
      bytes,
      seconds,
      baselineRss: baseline.rss,
      peakRss,
      growthMb,
      peakHeapGrowthMb: (peakHeap - baseline.heapUsed) / MB,
      s3rverPid: options.s3Pid,
    },
    notes: [
      `s3rver ran in a child process (pid ${options.s3Pid}); its memory is not in these figures. RSS sampled every ${SAMPLE_MS} ms.`,
    ],
  };
}
