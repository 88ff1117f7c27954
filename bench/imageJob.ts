// demo:file (npm run demo:remove deletes this file)
/**
 * `npm run bench:images`: what the image job costs on a 20-megapixel photo
 * (5472 x 3648, a typical camera JPEG with detail, ~7 MB): wall time of one
 * analyzeImage (decode, size, ThumbHash, 128 px WebP thumb) and the
 * process's peak resident memory while it runs, median of the rounds after
 * a warm-up. Absolute numbers move with the machine; compare runs here.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { analyzeImage } from '../server';

const ROUNDS = Number(process.argv[2] ?? 5);

async function photo(): Promise<Buffer> {
  // Noise gives the encoder real detail to keep (a flat image would be unrealistically small).
  const width = 5472;
  const height = 3648;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return noise;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const input = await photo();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const times: number[] = [];
let thumb = { width: 0, height: 0, bytes: 0 };
for (let round = 0; round <= ROUNDS; round++) {
  const started = performance.now();
  const result = await analyzeImage(input, { thumb: { size: 128 } });
  const elapsed = performance.now() - started;
  if (round > 0) times.push(elapsed); // round 0 warms up libvips
  const made = result.variants.thumb;
  thumb = { width: made?.width ?? 0, height: made?.height ?? 0, bytes: made?.data.byteLength ?? 0 };
}
clearInterval(sampler);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(
  `image job, 20 MP JPEG (${mb(input.byteLength)} MB) -> ${thumb.width}x${thumb.height} WebP (${thumb.bytes} bytes): ` +
    `median ${median(times).toFixed(0)} ms over ${ROUNDS} rounds (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); ` +
    `peak RSS ${mb(peak)} MB (${mb(peak - baseline)} MB above the process at rest)`,
);
