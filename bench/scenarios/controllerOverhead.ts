// demo:file (npm run demo:remove deletes this file)
/**
 * Scenarios 1 (index) and 2 (get, create, update, publish): the controller's
 * cost over hand-written code, as throughput ratios a/c and b/d.
 */

import type { CpuProbe } from '../load';
import type { BenchSettings } from '../options';
import type { ResultRow, ScenarioResult } from '../results';
import { formatTable } from '../table';
import type { Endpoint } from './campaignEndpoints';
import {
  compareEndpoint,
  DETAIL_HEADERS,
  type EndpointComparison,
  RATIO_TARGET,
  ratioRows,
  variantRows,
} from './httpComparison';

export async function runControllerOverhead(options: {
  scenario: 1 | 2;
  endpoints: Endpoint[];
  rounds: number;
  baseUrl: string;
  cookie: string;
  settings: BenchSettings;
  cpuProbes: Record<string, CpuProbe>;
  log: (message: string) => void;
}): Promise<ScenarioResult> {
  const { scenario, endpoints, rounds, settings } = options;
  const label = scenario === 1 ? '1 index' : '2 record';
  const comparisons: EndpointComparison[] = [];
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  for (const endpoint of endpoints) {
    try {
      const comparison = await compareEndpoint({ ...options, endpoint });
      comparisons.push(comparison);
      rows.push(...ratioRows(label, comparison));
      if (comparison.failures > 0) {
        notes.push(`${endpoint.name}: ${comparison.failures} non-2xx answers or errors under load; figures suspect.`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notes.push(`${endpoint.name}: ${message}`);
      rows.push({
        scenario: label,
        item: `${endpoint.name} a/c and b/d`,
        value: '-',
        target: `>= ${RATIO_TARGET.toFixed(2)}`,
        verdict: 'ERROR',
      });
    }
  }
  notes.push(
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up per variant (discarded), ` +
      `${rounds} interleaved round(s) of ${settings.roundSeconds} s; figures are medians over rounds, ` +
      'ratios the median of per-round ratios. "By CPU/request": the same ratio computed from the CPU the Next.js ' +
      'server and PostgreSQL spent per request (/proc), which other load on the machine disturbs far less.',
  );
  return {
    scenario,
    title:
      scenario === 1
        ? 'Index through the controller vs hand-written (GET campaigns?page=3&perPage=20&sort=-createdAt)'
        : 'get, create, update, publish through the controller vs hand-written',
    table: formatTable(DETAIL_HEADERS, comparisons.flatMap(variantRows)),
    rows,
    figures: comparisons,
    notes,
  };
}
