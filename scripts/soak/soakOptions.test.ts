// demo:file (npm run demo:remove deletes this file)
import { describe, expect, it } from 'vitest';
import { parseDuration, parseSoakOptions } from './soakOptions';

describe('soak options', () => {
  it('defaults: 2 minutes against its own server, the documented limits', () => {
    expect(parseSoakOptions([])).toMatchObject({
      durationMs: 120_000,
      url: null,
      clients: 8,
      maxRssGrowthMb: 50,
      maxRssMb: 400,
      maxJobAgeSeconds: 60,
      injection: null,
    });
  });

  it('reads durations in s, m and h, and refuses runs too short for the faults', () => {
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseSoakOptions(['--duration', '10m']).durationMs).toBe(600_000);
    expect(parseSoakOptions(['--duration=1h']).durationMs).toBe(3_600_000);
    expect(() => parseDuration('10')).toThrow(/at least 30s/);
    expect(() => parseDuration('ten minutes')).toThrow(/--duration/);
  });

  it('sends traffic to loopback addresses only', () => {
    expect(parseSoakOptions(['--url', 'http://127.0.0.1:3000/x']).url).toBe('http://127.0.0.1:3000');
    expect(parseSoakOptions(['--url=http://localhost:3000']).url).toBe('http://localhost:3000');
    expect(() => parseSoakOptions(['--url', 'https://example.com'])).toThrow(/loopback/);
  });

  it('refuses unknown options and injections', () => {
    expect(() => parseSoakOptions(['--fast'])).toThrow(/unknown option/);
    expect(() => parseSoakOptions(['--inject', 'everything'])).toThrow(/--inject takes/);
    expect(parseSoakOptions(['--inject', 'lost-write']).injection).toBe('lost-write');
  });
});
