// demo:file (npm run demo:remove deletes this file)
/**
 * The soak's arithmetic and verdicts (pure, unit-tested in
 * soakReport.test.ts): latency percentiles per route, 5xx outside the fault
 * windows, RSS growth after warm-up.
 */

export interface RequestRecord {
  route: string;
  /** HTTP status, or 0 when the request failed without an answer (reset, timeout). */
  status: number;
  startMs: number;
  endMs: number;
}

export interface FaultWindow {
  name: string;
  startMs: number;
  endMs: number;
}

export interface RssSample {
  atMs: number;
  mb: number;
}

/** After a fault ends, requests get this long to recover (a pool reconnecting, a frozen socket timing out). */
const FAULT_GRACE_MS = 5_000;

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? Number.NaN;
}

export interface RouteStats {
  route: string;
  count: number;
  errors: number;
  p50: number;
  p99: number;
}

export function routeStats(records: readonly RequestRecord[]): RouteStats[] {
  const byRoute = new Map<string, RequestRecord[]>();
  for (const record of records) byRoute.set(record.route, [...(byRoute.get(record.route) ?? []), record]);
  return [...byRoute]
    .map(([route, list]) => {
      const times = list.map((r) => r.endMs - r.startMs);
      return {
        route,
        count: list.length,
        errors: list.filter((r) => r.status === 0 || r.status >= 500).length,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** Server errors (5xx, or no answer at all) by requests that overlap no fault window (plus its grace). */
export function errorsOutsideFaults(
  records: readonly RequestRecord[],
  faults: readonly FaultWindow[],
  graceMs = FAULT_GRACE_MS,
): RequestRecord[] {
  return records.filter(
    (r) =>
      (r.status === 0 || r.status >= 500) &&
      !faults.some((f) => r.endMs >= f.startMs && r.startMs <= f.endMs + graceMs),
  );
}

export interface RssVerdict {
  /** Median RSS over the first `windowMs` after warm-up, and over the last `windowMs` of load. */
  afterWarmupMb: number;
  endMb: number;
  growthMb: number;
  maxMb: number;
}

export function rssVerdict(
  samples: readonly RssSample[],
  warmupEndMs: number,
  loadEndMs: number,
  windowMs = 15_000,
): RssVerdict {
  const median = (list: RssSample[]) =>
    percentile(
      list.map((s) => s.mb),
      50,
    );
  const after = samples.filter((s) => s.atMs >= warmupEndMs && s.atMs <= loadEndMs);
  const first = after.filter((s) => s.atMs < warmupEndMs + windowMs);
  const last = after.filter((s) => s.atMs > loadEndMs - windowMs);
  const afterWarmupMb = median(first);
  const endMb = median(last);
  return {
    afterWarmupMb,
    endMb,
    growthMb: endMb - afterWarmupMb,
    maxMb: Math.max(...after.map((s) => s.mb)),
  };
}
