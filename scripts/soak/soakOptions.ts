// demo:file (npm run demo:remove deletes this file)
/**
 * `npm run soak` options and thresholds. Every threshold is a flag, so a
 * team can tighten it for its own app; `--inject` makes one check fail on
 * purpose (proof that the check can fail).
 *
 *   npm run soak                          2 minutes against a fresh `next start`
 *   npm run soak -- --duration 10m        longer
 *   npm run soak -- --url http://127.0.0.1:3000   a running server (loopback only; faults need DATABASE_URL)
 */

const INJECTIONS = ['5xx', 'lost-write', 'stale-write', 'job-backlog', 'rss-growth'] as const;
export type Injection = (typeof INJECTIONS)[number];

export interface SoakOptions {
  durationMs: number;
  url: string | null;
  /** Concurrent clients of mixed traffic (plus one uploading logos). */
  clients: number;
  /** Logo uploads a second. */
  uploadsPerSecond: number;
  /** Skip `next build` (an existing .next is used). */
  skipBuild: boolean;
  /** RSS may grow at most this much from just after warm-up to the end. */
  maxRssGrowthMb: number;
  /** Highest RSS allowed after warm-up. */
  maxRssMb: number;
  /** A queued job older than this at the end fails the run. */
  maxJobAgeSeconds: number;
  injection: Injection | null;
}

const DEFAULTS: SoakOptions = {
  durationMs: 2 * 60_000,
  url: null,
  clients: 8,
  uploadsPerSecond: 1.8,
  skipBuild: false,
  maxRssGrowthMb: 50,
  maxRssMb: 400,
  maxJobAgeSeconds: 60,
  injection: null,
};

/** `90s`, `2m`, `10m`, `1h`, or plain seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`--duration takes e.g. 90s, 2m or 10m (got "${text}")`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1_000;
  const ms = Number(match[1]) * unit;
  if (ms < 30_000) throw new Error('--duration must be at least 30s (warm-up, two faults and a quiet end)');
  return ms;
}

function number(flag: string, value: string | undefined): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isFinite(parsed) || parsed < 0) throw new Error(`${flag} takes a number`);
  return parsed;
}

export function parseSoakOptions(argv: readonly string[]): SoakOptions {
  const options = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = (argv[i] ?? '').split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--duration':
        options.durationMs = parseDuration(value() ?? '');
        break;
      case '--url': {
        const url = new URL(value() ?? '');
        // Loopback only: a soak is a load test, never to be pointed at someone else's server.
        if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
          throw new Error(`--url must be a loopback address (got ${url.hostname})`);
        }
        options.url = url.origin;
        break;
      }
      case '--clients':
        options.clients = Math.max(1, Math.min(64, Math.round(number(flag, value()))));
        break;
      case '--uploads-per-second':
        options.uploadsPerSecond = Math.min(20, number(flag, value()));
        break;
      case '--skip-build':
        options.skipBuild = true;
        break;
      case '--max-rss-growth-mb':
        options.maxRssGrowthMb = number(flag, value());
        break;
      case '--max-rss-mb':
        options.maxRssMb = number(flag, value());
        break;
      case '--max-job-age':
        options.maxJobAgeSeconds = number(flag, value());
        break;
      case '--inject': {
        const injection = value() as Injection;
        if (!INJECTIONS.includes(injection)) throw new Error(`--inject takes one of ${INJECTIONS.join(', ')}`);
        options.injection = injection;
        break;
      }
      default:
        throw new Error(
          `unknown option ${flag}: npm run soak [-- --duration 2m] [--url URL] [--clients 8] [--uploads-per-second 1.8] ` +
            `[--skip-build] [--max-rss-growth-mb 50] [--max-rss-mb 400] [--max-job-age 60] [--inject ${INJECTIONS.join('|')}]`,
        );
    }
  }
  return options;
}
