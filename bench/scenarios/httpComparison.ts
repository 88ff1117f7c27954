// demo:file (npm run demo:remove deletes this file)
/**
 * Scenarios 1 and 2: one endpoint through the controller (REST a, tRPC b)
 * and through hand-written code (route c, tRPC d) on the same `next start`.
 *
 * Before any load, one request per variant checks that all four answer the
 * same status and the same JSON (reads: equal bodies; writes: the same keys
 * and value types), so the comparison is like for like. Then each variant
 * gets a discarded warm-up, and the measured rounds interleave
 * a b c d a b c d ... so drift on a shared machine hits every variant alike.
 * The ratios are medians of the per-round ratios a/c and b/d.
 */
import { type CpuProbe, type LoadResult, runLoad } from '../load';
import type { BenchSettings } from '../options';
import type { ResultRow } from '../results';
import { atLeast, formatNumber, median, medianPairedRatio, type Verdict } from '../stats';
import { type Endpoint, VARIANT_LABELS, VARIANTS, type Variant } from './campaignEndpoints';

// The controller at least as fast as hand-written code (was 0.90 before prepared, cached statements).
export const RATIO_TARGET = 1.0;

export interface VariantFigures {
  rounds: LoadResult[];
  rps: number;
  p50: number;
  p99: number;
  /** Median CPU µs per request of the Next.js server and of PostgreSQL (NaN when not measured). */
  serverCpuUs: number;
  dbCpuUs: number;
}

export interface EndpointComparison {
  endpoint: Endpoint['name'];
  rounds: number;
  variants: Record<Variant, VariantFigures>;
  /** Throughput ratios (the targets), and the same ratios from CPU per request (server + database). */
  ratios: { ac: number; bd: number; acByCpu: number; bdByCpu: number };
  /** Non-2xx answers or connection errors during measured runs (the figures are then suspect). */
  failures: number;
}

/** The JSON structure without the values: key order, and the type of every leaf. */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, shapeOf(inner)]);
  }
  return typeof value;
}

async function send(baseUrl: string, cookie: string, endpoint: Endpoint, variant: Variant) {
  const request = endpoint.request(variant, 0);
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { cookie, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  // tRPC wraps results in {result: {data}}; compare what the procedure returned.
  const unwrapped = variant === 'b' || variant === 'd' ? (body as { result?: { data?: unknown } })?.result?.data : body;
  return { status: response.status, body: unwrapped, raw: text };
}

/** Throws when the variants do not answer alike (a comparison of different work would be meaningless). */
async function checkSameAnswers(baseUrl: string, cookie: string, endpoint: Endpoint): Promise<void> {
  await endpoint.reset?.();
  const answers = [];
  for (const variant of VARIANTS) answers.push({ variant, ...(await send(baseUrl, cookie, endpoint, variant)) });
  for (const answer of answers) {
    // tRPC answers 200 for mutations too; REST create answers 201.
    const expected = answer.variant === 'b' || answer.variant === 'd' ? 200 : endpoint.status;
    if (answer.status !== expected) {
      throw new Error(`${endpoint.name} ${answer.variant}: status ${answer.status}: ${answer.raw.slice(0, 300)}`);
    }
  }
  const project = endpoint.compare === 'equal' ? (body: unknown) => body : shapeOf;
  const reference = JSON.stringify(project(answers[0]?.body));
  for (const answer of answers.slice(1)) {
    const candidate = JSON.stringify(project(answer.body));
    if (candidate !== reference) {
      throw new Error(
        `${endpoint.name}: variant ${answer.variant} answers differently from a ` +
          `(update bench/handlers to match the controller):\n  a: ${reference.slice(0, 400)}\n  ${answer.variant}: ${candidate.slice(0, 400)}`,
      );
    }
  }
}

export async function compareEndpoint(options: {
  baseUrl: string;
  cookie: string;
  endpoint: Endpoint;
  rounds: number;
  settings: BenchSettings;
  cpuProbes: Record<string, CpuProbe>;
  log: (message: string) => void;
}): Promise<EndpointComparison> {
  const { baseUrl, cookie, endpoint, rounds, settings, cpuProbes, log } = options;
  await checkSameAnswers(baseUrl, cookie, endpoint);
  const target = (variant: Variant) => ({
    baseUrl,
    headers: { cookie },
    request: (n: number) => endpoint.request(variant, n),
    cpuProbes,
  });
  for (const variant of VARIANTS) {
    await endpoint.reset?.();
    await runLoad(target(variant), settings.warmupSeconds, settings.connections);
  }
  const results: Record<Variant, LoadResult[]> = { a: [], b: [], c: [], d: [] };
  let failures = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const variant of VARIANTS) {
      await endpoint.reset?.();
      const result = await runLoad(target(variant), settings.roundSeconds, settings.connections);
      failures += result.non2xx + result.errors;
      results[variant].push(result);
    }
    log(
      `${endpoint.name} round ${round}/${rounds}: ` +
        VARIANTS.map((v) => `${v} ${formatNumber(results[v].at(-1)?.rps)}`).join(', ') +
        ' req/s',
    );
  }
  const cpu = (r: LoadResult) => (r.cpuUsPerRequest.server ?? Number.NaN) + (r.cpuUsPerRequest.db ?? 0);
  const summary = (variant: Variant): VariantFigures => ({
    rounds: results[variant],
    rps: median(results[variant].map((r) => r.rps)),
    p50: median(results[variant].map((r) => r.p50)),
    p99: median(results[variant].map((r) => r.p99)),
    serverCpuUs: median(results[variant].map((r) => r.cpuUsPerRequest.server ?? Number.NaN)),
    dbCpuUs: median(results[variant].map((r) => r.cpuUsPerRequest.db ?? Number.NaN)),
  });
  return {
    endpoint: endpoint.name,
    rounds,
    variants: { a: summary('a'), b: summary('b'), c: summary('c'), d: summary('d') },
    ratios: {
      ac: medianPairedRatio(
        results.a.map((r) => r.rps),
        results.c.map((r) => r.rps),
      ),
      bd: medianPairedRatio(
        results.b.map((r) => r.rps),
        results.d.map((r) => r.rps),
      ),
      // Less CPU per request means more requests per second: c's CPU over a's.
      acByCpu: medianPairedRatio(results.c.map(cpu), results.a.map(cpu)),
      bdByCpu: medianPairedRatio(results.d.map(cpu), results.b.map(cpu)),
    },
    failures,
  };
}

/** Detail rows (one per variant) for the scenario's own table. */
export function variantRows(comparison: EndpointComparison): (string | number)[][] {
  return VARIANTS.map((variant) => {
    const figures = comparison.variants[variant];
    return [
      comparison.endpoint,
      `${variant} ${VARIANT_LABELS[variant]}`,
      formatNumber(figures.rps),
      formatNumber(figures.p50, 1),
      formatNumber(figures.p99, 1),
      formatNumber(figures.serverCpuUs),
      formatNumber(figures.dbCpuUs),
    ];
  });
}

export const DETAIL_HEADERS = [
  'endpoint',
  'variant',
  'req/s',
  'p50 ms',
  'p99 ms',
  'server CPU µs/req',
  'db CPU µs/req',
];

/** Summary rows: the two ratios with their verdicts (judged on the printed two decimals). */
export function ratioRows(scenario: string, comparison: EndpointComparison): ResultRow[] {
  const verdict = (value: number): Verdict =>
    comparison.failures > 0 ? 'ERROR' : atLeast(Math.round(value * 100) / 100, RATIO_TARGET);
  const { a, b, c, d } = comparison.variants;
  const { ratios } = comparison;
  return [
    {
      scenario,
      item:
        `${comparison.endpoint} a/c REST: ${formatNumber(a.rps)} vs ${formatNumber(c.rps)} req/s` +
        ` (by CPU/request ${formatNumber(ratios.acByCpu, 2)})`,
      value: formatNumber(ratios.ac, 2),
      target: `>= ${RATIO_TARGET.toFixed(2)}`,
      verdict: verdict(ratios.ac),
    },
    {
      scenario,
      item:
        `${comparison.endpoint} b/d tRPC: ${formatNumber(b.rps)} vs ${formatNumber(d.rps)} req/s` +
        ` (by CPU/request ${formatNumber(ratios.bdByCpu, 2)})`,
      value: formatNumber(ratios.bd, 2),
      target: `>= ${RATIO_TARGET.toFixed(2)}`,
      verdict: verdict(ratios.bd),
    },
  ];
}
