// demo:file (npm run demo:remove deletes this file)
import { describe, expect, it } from 'vitest';
import { atLeast, atMost, formatNumber, median, medianPairedRatio, ratio, worst } from './stats';
import { formatTable } from './table';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('ignores non-finite values and is NaN when nothing is left', () => {
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });
});

describe('ratios', () => {
  it('is NaN for a missing or zero denominator', () => {
    expect(ratio(9, 10)).toBeCloseTo(0.9);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 1)).toBeNaN();
  });

  it('pairs rounds before taking the median', () => {
    // Round 2 is slow for both variants: paired ratios stay at 0.9 / 1.0 / 0.95.
    expect(medianPairedRatio([900, 450, 950], [1000, 450, 1000])).toBeCloseTo(0.95);
  });
});

describe('verdicts', () => {
  it('compares against the target in the right direction', () => {
    expect(atLeast(0.95, 0.9)).toBe('PASS');
    expect(atLeast(0.85, 0.9)).toBe('MISS');
    expect(atMost(3, 3)).toBe('PASS');
    expect(atMost(4, 3)).toBe('MISS');
    expect(atMost(Number.NaN, 3)).toBe('ERROR');
  });

  it('reports the worst of several', () => {
    expect(worst(['PASS', 'INFO'])).toBe('PASS');
    expect(worst(['PASS', 'MISS', 'INFO'])).toBe('MISS');
    expect(worst(['MISS', 'ERROR'])).toBe('ERROR');
    expect(worst([])).toBe('INFO');
  });
});

describe('formatting', () => {
  it('prints numbers with separators and a dash when missing', () => {
    expect(formatNumber(1234.567, 1)).toBe('1,234.6');
    expect(formatNumber(Number.NaN)).toBe('-');
  });

  it('pads columns, numbers to the right', () => {
    expect(
      formatTable(
        ['name', 'req/s'],
        [
          ['a', 5],
          ['bb', 1234],
        ],
      ),
    ).toBe(['name  req/s', '----  -----', 'a         5', 'bb     1234'].join('\n'));
  });
});
