/** The browser-safe rules shared by server and client (MIME matching has its own test file). */
import { describe, expect, it } from 'vitest';
import { formatBytes, GiB, KiB, MiB } from './byteSizes';
import { issueFieldErrors } from './issueFieldErrors';
import { withTimeout } from './withTimeout';

describe('byte units', () => {
  it('are binary, and written with binary labels (one system: 150,000,000 bytes is 143 MiB)', () => {
    expect([KiB, MiB, GiB]).toEqual([1024, 1024 ** 2, 1024 ** 3]);
    expect([formatBytes(512), formatBytes(12 * KiB), formatBytes(2.5 * MiB), formatBytes(20 * MiB)]).toEqual([
      '512 B',
      '12 KiB',
      '2.5 MiB',
      '20 MiB',
    ]);
    expect(formatBytes(150_000_000)).toBe('143 MiB');
    expect([formatBytes(2 * GiB), formatBytes(1.25 * GiB), formatBytes(1023.99 * KiB)]).toEqual([
      '2 GiB',
      '1.3 GiB',
      '1 MiB',
    ]);
  });
});

describe('issueFieldErrors', () => {
  const issues = [
    { path: [], message: 'must be an object' },
    { path: ['data', 'name'], message: "can't be blank" },
    { path: ['data', 'name'], message: 'is too short' },
    { path: ['tags', 0], message: 'must be a string' },
  ];

  it('keys issues by path, grouping messages; the whole value under `whole`', () => {
    expect(issueFieldErrors(issues, { whole: 'input' })).toEqual({
      input: ['must be an object'],
      'data.name': ["can't be blank", 'is too short'],
      'tags.0': ['must be a string'],
    });
  });

  it('nests paths under `whole` and rewrites messages when asked (model validations)', () => {
    expect(issueFieldErrors(issues.slice(3), { whole: 'labels', nested: true, message: () => 'bad' })).toEqual({
      'labels.tags.0': ['bad'],
    });
  });
});

describe('withTimeout', () => {
  it("gives the promise's value when it settles in time, undefined once the time is up", async () => {
    expect(await withTimeout(Promise.resolve(7), 1_000)).toBe(7);
    expect(await withTimeout(new Promise(() => {}), 10)).toBeUndefined();
  });

  it("passes the promise's rejection on", async () => {
    await expect(withTimeout(Promise.reject(new Error('boom')), 1_000)).rejects.toThrow('boom');
  });
});
