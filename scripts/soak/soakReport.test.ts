// demo:file (npm run demo:remove deletes this file)
import { describe, expect, it } from 'vitest';
import { errorsOutsideFaults, percentile, routeStats, rssVerdict } from './soakReport';

describe('soak arithmetic', () => {
  it('percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([], 50)).toBeNaN();
  });

  it('counts server errors per route', () => {
    const stats = routeStats([
      { route: 'get', status: 200, startMs: 0, endMs: 10 },
      { route: 'get', status: 503, startMs: 0, endMs: 30 },
      { route: 'list', status: 0, startMs: 0, endMs: 5 },
    ]);
    expect(stats).toEqual([
      { route: 'get', count: 2, errors: 1, p50: 10, p99: 30 },
      { route: 'list', count: 1, errors: 1, p50: 5, p99: 5 },
    ]);
  });

  it('forgives a 5xx only when the request overlaps a fault window or its grace', () => {
    const faults = [{ name: 's3', startMs: 1_000, endMs: 2_000 }];
    const records = [
      { route: 'a', status: 503, startMs: 900, endMs: 1_100 }, // during
      { route: 'b', status: 500, startMs: 6_000, endMs: 6_100 }, // within the 5 s grace
      { route: 'c', status: 500, startMs: 7_500, endMs: 7_600 }, // after it
      { route: 'd', status: 0, startMs: 100, endMs: 200 }, // before
      { route: 'e', status: 422, startMs: 7_500, endMs: 7_600 }, // not a server error
    ];
    expect(errorsOutsideFaults(records, faults).map((r) => r.route)).toEqual(['c', 'd']);
  });

  it('RSS growth: median just after warm-up against the median of the last window', () => {
    const samples = Array.from({ length: 120 }, (_, i) => ({ atMs: i * 1_000, mb: i < 30 ? 500 : 200 + i }));
    const verdict = rssVerdict(samples, 30_000, 119_000, 10_000);
    expect(verdict.afterWarmupMb).toBe(234);
    expect(verdict.endMb).toBe(314);
    expect(verdict.growthMb).toBe(80);
    expect(verdict.maxMb).toBe(319);
  });
});
