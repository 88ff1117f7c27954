// demo:file (npm run demo:remove deletes this file)
import { describe, expect, it } from 'vitest';
import { FULL, parseOptions, QUICK } from './options';

describe('parseOptions', () => {
  it('runs every scenario in full mode by default', () => {
    const settings = parseOptions([]);
    expect(settings.mode).toBe('full');
    expect([...settings.scenarios]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(settings.indexRounds).toBeGreaterThanOrEqual(3);
    expect(settings.writeRounds).toBeGreaterThanOrEqual(3);
    expect(FULL.uploadBytes).toBe(1024 ** 3);
  });

  it('takes --quick and --only', () => {
    const settings = parseOptions(['--quick', '--only=1,3']);
    expect(settings.mode).toBe('quick');
    expect(settings.roundSeconds).toBe(QUICK.roundSeconds);
    expect([...settings.scenarios]).toEqual([1, 3]);
  });

  it('refuses unknown options and scenarios', () => {
    expect(() => parseOptions(['--fast'])).toThrow(/unknown option/);
    expect(() => parseOptions(['--only=9'])).toThrow(/1-8/);
  });
});
