// demo:file (npm run demo:remove deletes this file)
/**
 * Scenario 7: does the index cost grow with the table, and how
 * far is each variant from a raw anchor?
 *
 * For a team of about 10,000 campaigns (Acme) and one of `largeRows` (Scale),
 * page 1 and page 40 at perPage 20 (newest first): the controller over REST
 * (a) and tRPC (b), the hand-written route (c) and procedure (d), and the
 * raw anchor (e: node:http + postgres.js, prepared, bench/raw/rawServer.ts),
 * and the anchor's own code as a Next route (f: bench/raw/rawIndex.ts), which
 * tells Next's share of a request (f/e) from the framework's (a/f).
 * Rounds interleave a b c d e f; figures are medians over rounds. Before any
 * load, a, c, e and f must answer the same JSON.
 */
import { type CpuProbe, type LoadRequest, type LoadResult, runLoad } from '../load';
import type { BenchSettings } from '../options';
import type { ResultRow, ScenarioResult } from '../results';
import { atLeast, atMost, formatNumber, median, medianPairedRatio } from '../stats';
import { formatTable } from '../table';

const VARIANTS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
type Variant = (typeof VARIANTS)[number];
const LABELS: Record<Variant, string> = {
  a: 'controller, REST',
  b: 'controller, tRPC',
  c: 'hand-written route',
  d: 'hand-written tRPC',
  e: 'raw anchor (node:http + postgres.js, prepared)',
  f: "raw anchor's code as a Next route",
};
const PER_PAGE = 20;
const PAGES = [1, 40] as const;

interface Cell {
  size: 'small' | 'large';
  rows: number;
  page: number;
  variants: Record<Variant, { rps: number; p50: number; serverCpuUs: number; dbCpuUs: number; rounds: LoadResult[] }>;
}

/** Variant `variant`'s index request for `teamId`'s page (e's path is on the raw anchor's server, the others on Next's). */
export function requestFor(variant: Variant, teamId: number, page: number): LoadRequest {
  const rest = `/teams/${teamId}/campaigns?page=${page}&perPage=${PER_PAGE}&sort=-createdAt`;
  const input = encodeURIComponent(
    JSON.stringify({ teamId, page, perPage: PER_PAGE, sort: [{ field: 'createdAt', dir: 'desc' }] }),
  );
  switch (variant) {
    case 'a':
      return { method: 'GET', path: `/api${rest}` };
    case 'b':
      return { method: 'GET', path: `/api/trpc/teams.campaigns.index?input=${input}` };
    case 'c':
      return { method: 'GET', path: `/api/bench${rest}` };
    case 'd':
      return { method: 'GET', path: `/api/bench/trpc/teams.campaigns.index?input=${input}` };
    case 'e':
      return { method: 'GET', path: `/teams/${teamId}/campaigns?page=${page}&perPage=${PER_PAGE}` };
    case 'f':
      return { method: 'GET', path: `/api/bench/raw/teams/${teamId}/campaigns?page=${page}&perPage=${PER_PAGE}` };
  }
}

export async function runIndexScaling(options: {
  baseUrl: string;
  rawBaseUrl: string;
  cookie: string;
  teams: { small: { id: number; rows: number }; large: { id: number; rows: number } };
  settings: BenchSettings;
  probes: { next: CpuProbe; raw: CpuProbe; db?: CpuProbe };
  rounds: number;
  log: (message: string) => void;
}): Promise<ScenarioResult> {
  const { baseUrl, rawBaseUrl, cookie, teams, settings, probes, rounds, log } = options;
  const base = (variant: Variant) => (variant === 'e' ? rawBaseUrl : baseUrl);
  const cpuProbes = (variant: Variant): Record<string, CpuProbe> => ({
    server: variant === 'e' ? probes.raw : probes.next,
    ...(probes.db ? { db: probes.db } : {}),
  });
  const cells: Cell[] = [];
  let failures = 0;
  // The first cell comes right after `next start`: warm every variant up once more, so no cell measures
  // the server's first seconds (route modules loading, code not yet optimised).
  for (const variant of VARIANTS) {
    await runLoad(
      { baseUrl: base(variant), headers: { cookie }, request: requestFor(variant, teams.small.id, 1) },
      settings.warmupSeconds,
      settings.connections,
    );
  }
  for (const size of ['small', 'large'] as const) {
    const team = teams[size];
    for (const page of PAGES) {
      // Same work: a, c, e and f answer the same JSON.
      const bodies: Partial<Record<Variant, string>> = {};
      for (const variant of ['a', 'c', 'e', 'f'] as const) {
        const request = requestFor(variant, team.id, page);
        const response = await fetch(`${base(variant)}${request.path}`, { headers: { cookie } });
        bodies[variant] = await response.text();
        if (response.status !== 200)
          throw new Error(`${variant} ${request.path}: ${response.status} ${bodies[variant]}`);
      }
      for (const variant of ['c', 'e', 'f'] as const) {
        if (bodies[variant] !== bodies.a) {
          throw new Error(
            `${variant} answers differently from a at ${size}/page ${page}:\n  a: ${bodies.a?.slice(0, 300)}\n  ${variant}: ${bodies[variant]?.slice(0, 300)}`,
          );
        }
      }
      const target = (variant: Variant) => ({
        baseUrl: base(variant),
        headers: { cookie },
        request: requestFor(variant, team.id, page),
        cpuProbes: cpuProbes(variant),
      });
      for (const variant of VARIANTS) await runLoad(target(variant), settings.warmupSeconds / 2, settings.connections);
      const results: Record<Variant, LoadResult[]> = { a: [], b: [], c: [], d: [], e: [], f: [] };
      for (let round = 1; round <= rounds; round++) {
        for (const variant of VARIANTS) {
          const result = await runLoad(target(variant), settings.roundSeconds, settings.connections);
          failures += result.non2xx + result.errors;
          results[variant].push(result);
        }
      }
      const summary = (variant: Variant) => ({
        rounds: results[variant],
        rps: median(results[variant].map((r) => r.rps)),
        p50: median(results[variant].map((r) => r.p50)),
        serverCpuUs: median(results[variant].map((r) => r.cpuUsPerRequest.server ?? Number.NaN)),
        dbCpuUs: median(results[variant].map((r) => r.cpuUsPerRequest.db ?? Number.NaN)),
      });
      const cell: Cell = {
        size,
        rows: team.rows,
        page,
        variants: {
          a: summary('a'),
          b: summary('b'),
          c: summary('c'),
          d: summary('d'),
          e: summary('e'),
          f: summary('f'),
        },
      };
      cells.push(cell);
      log(
        `${team.rows} rows, page ${page}: ` +
          VARIANTS.map((v) => `${v} ${formatNumber(cell.variants[v].rps)} req/s p50 ${cell.variants[v].p50} ms`).join(
            ', ',
          ),
      );
    }
  }

  const ratio = (cell: Cell, variant: Variant, to: Variant) =>
    medianPairedRatio(
      cell.variants[variant].rounds.map((r) => r.rps),
      cell.variants[to].rounds.map((r) => r.rps),
    );
  const toRaw = (cell: Cell, variant: Variant) => ratio(cell, variant, 'e');
  const table = formatTable(
    ['rows', 'page', 'variant', 'req/s', 'p50 ms', 'server CPU µs/req', 'db CPU µs/req', 'req/s vs raw'],
    cells.flatMap((cell) =>
      VARIANTS.map((variant) => [
        formatNumber(cell.rows),
        cell.page,
        `${variant} ${LABELS[variant]}`,
        formatNumber(cell.variants[variant].rps),
        formatNumber(cell.variants[variant].p50, 1),
        formatNumber(cell.variants[variant].serverCpuUs),
        formatNumber(cell.variants[variant].dbCpuUs),
        formatNumber(toRaw(cell, variant), 2),
      ]),
    ),
  );
  const rows: ResultRow[] = [];
  const label = '7 index scaling';
  for (const page of PAGES) {
    const small = cells.find((c) => c.size === 'small' && c.page === page);
    const large = cells.find((c) => c.size === 'large' && c.page === page);
    if (!small || !large) continue;
    for (const variant of ['a', 'c', 'e'] as const) {
      // p50 is in whole milliseconds (autocannon): the mean of the rounds' ratio by req/s is the finer check.
      const growth = large.variants[variant].p50 / Math.max(small.variants[variant].p50, 1);
      const byRps = small.variants[variant].rps / large.variants[variant].rps;
      rows.push({
        scenario: label,
        item:
          `page ${page} ${variant}: p50 at ${formatNumber(large.rows)} / at ${formatNumber(small.rows)} rows ` +
          `(${large.variants[variant].p50} / ${small.variants[variant].p50} ms; by req/s ${formatNumber(byRps, 2)}; ` +
          `db CPU ${formatNumber(large.variants[variant].dbCpuUs)} / ${formatNumber(small.variants[variant].dbCpuUs)} µs)`,
        value: formatNumber(growth, 2),
        target: '<= 2.00',
        verdict: failures > 0 ? 'ERROR' : atMost(Math.round(growth * 100) / 100, 2),
      });
    }
  }
  for (const cell of cells) {
    const [ac, bd, af] = [ratio(cell, 'a', 'c'), ratio(cell, 'b', 'd'), ratio(cell, 'a', 'f')];
    const aRaw = toRaw(cell, 'a');
    const cellName = `${formatNumber(cell.rows)} rows page ${cell.page}`;
    const verdict = (value: number, target: number) =>
      failures > 0 ? 'ERROR' : atLeast(Math.round(value * 100) / 100, target);
    rows.push({
      scenario: label,
      item:
        `${cellName}: a/c ${formatNumber(ac, 2)}, b/d ${formatNumber(bd, 2)}; ` +
        `vs raw a ${formatNumber(aRaw, 2)} b ${formatNumber(toRaw(cell, 'b'), 2)} c ${formatNumber(toRaw(cell, 'c'), 2)} ` +
        `d ${formatNumber(toRaw(cell, 'd'), 2)} f ${formatNumber(toRaw(cell, 'f'), 2)} (a/raw target)`,
      value: formatNumber(aRaw, 2),
      target: '>= 0.50',
      verdict: verdict(aRaw, 0.5),
    });
    rows.push({
      scenario: label,
      item: `${cellName}: a/f, the controller over the anchor's code in Next (f/e ${formatNumber(toRaw(cell, 'f'), 2)}: Next's share)`,
      value: formatNumber(af, 2),
      target: '>= 0.80',
      verdict: verdict(af, 0.8),
    });
  }
  return {
    scenario: 7,
    title: `Index scaling: ${formatNumber(teams.small.rows)} vs ${formatNumber(teams.large.rows)} rows, page 1 and 40 at perPage ${PER_PAGE}, with the raw anchor`,
    table,
    rows,
    figures: cells,
    notes: [
      `${settings.connections} connections, ${settings.warmupSeconds / 2} s warm-up per variant, ${rounds} interleaved round(s) of ` +
        `${settings.roundSeconds} s per cell. Ratios are same-run ratios (other engineers' tests share this 2-core ` +
        'machine, so absolute figures move; ratios much less). "vs raw" is the median of per-round req/s ratios ' +
        'to the raw anchor e, whose server CPU is its own process.',
      ...(failures > 0 ? [`${failures} non-2xx answers or errors under load; figures suspect.`] : []),
    ],
  };
}
