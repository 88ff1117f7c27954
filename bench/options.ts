// demo:file (npm run demo:remove deletes this file)
/**
 * Command-line options and the two run sizes. `--quick` is a smoke-sized run
 * (about a minute, plus the one-off `next build`); the full run stays under
 * ten minutes on a 2-core machine.
 *
 *   npm run bench                 full run
 *   npm run bench -- --quick      about 1 minute
 *   npm run bench -- --only=1,3   a subset of scenarios (1-8)
 */

export interface BenchSettings {
  mode: 'quick' | 'full';
  scenarios: ReadonlySet<number>;
  /** autocannon connections for every HTTP load. */
  connections: number;
  /** Seconds of discarded load per variant before the measured rounds. */
  warmupSeconds: number;
  /** Seconds per measured round of one variant. */
  roundSeconds: number;
  /** Interleaved rounds for scenario 1 (index) and scenario 2 (get, create, update, publish). */
  indexRounds: number;
  writeRounds: number;
  /** Repetitions of each timed bulk statement (scenario 4), alternating the two sides. */
  bulkRepeats: number;
  /** Seconds of presign load (scenario 5) and how many getSignedUrl calls are timed. */
  presignSeconds: number;
  signIterations: number;
  /** Size of the generated stream uploaded by scenario 6. */
  uploadBytes: number;
  /** Scenario 7: campaigns in the large team, and interleaved rounds per (size, page) cell. */
  largeRows: number;
  scalingRounds: number;
  /** Scenario 8: logos uploaded in one burst, and logos uploaded one at a time for the idle latency. */
  imageBurst: number;
  imageIdleUploads: number;
}

const MB = 1024 * 1024;
const ALL_SCENARIOS = [1, 2, 3, 4, 5, 6, 7, 8];

export const QUICK: Omit<BenchSettings, 'scenarios'> = {
  mode: 'quick',
  connections: 10,
  warmupSeconds: 0.5,
  roundSeconds: 1,
  indexRounds: 2,
  writeRounds: 1,
  bulkRepeats: 2,
  presignSeconds: 2,
  signIterations: 2_000,
  uploadBytes: 256 * MB,
  largeRows: 100_000,
  scalingRounds: 1,
  imageBurst: 50,
  imageIdleUploads: 5,
};

export const FULL: Omit<BenchSettings, 'scenarios'> = {
  mode: 'full',
  connections: 10,
  warmupSeconds: 2,
  roundSeconds: 4,
  indexRounds: 5,
  writeRounds: 3,
  bulkRepeats: 5,
  presignSeconds: 5,
  signIterations: 10_000,
  uploadBytes: 1024 * MB,
  largeRows: 1_000_000,
  scalingRounds: 2,
  imageBurst: 200,
  imageIdleUploads: 20,
};

export function parseOptions(argv: readonly string[]): BenchSettings {
  let quick = false;
  let scenarios = new Set(ALL_SCENARIOS);
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg.startsWith('--only=')) {
      const picked = arg
        .slice('--only='.length)
        .split(',')
        .map((part) => Number(part.trim()));
      if (picked.length === 0 || picked.some((n) => !ALL_SCENARIOS.includes(n))) {
        throw new Error(`--only takes scenario numbers 1-8, e.g. --only=1,3 (got ${arg})`);
      }
      scenarios = new Set(picked);
    } else if (arg === '--help' || arg === '-h') {
      throw new Error('usage: npm run bench [-- --quick] [-- --only=1,2,3,4,5,6,7,8]');
    } else {
      throw new Error(`unknown option ${arg} (try --quick or --only=1,3)`);
    }
  }
  return { ...(quick ? QUICK : FULL), scenarios };
}
