/** The upload speed shown beside a large file's progress, and the time left it gives. */
import { describe, expect, it } from 'vitest';
import { createRateMeter, secondsLeft } from './transferRate';

describe('createRateMeter', () => {
  it('answers bytes per second over the last few seconds, once a quarter second has been seen', () => {
    let now = 0;
    const meter = createRateMeter(() => now);
    expect(meter(0)).toBeUndefined();
    now = 100;
    expect(meter(100_000)).toBeUndefined();
    now = 1000;
    expect(meter(1_000_000)).toBe(1_000_000);
    // After a slow stretch, the old fast samples leave the window.
    now = 5000;
    meter(1_200_000);
    now = 9000;
    expect(meter(1_600_000)).toBeCloseTo(100_000, -3);
  });

  it('starts over when the figure goes back (a part sent again)', () => {
    let now = 0;
    const meter = createRateMeter(() => now);
    meter(5_000_000);
    now = 1000;
    meter(6_000_000);
    now = 1100;
    expect(meter(4_000_000)).toBeUndefined();
  });
});

describe('secondsLeft', () => {
  it('divides what is left by the rate; unknown without a rate', () => {
    expect(secondsLeft(50, 150, 10)).toBe(10);
    expect(secondsLeft(50, 150, undefined)).toBeUndefined();
    expect(secondsLeft(50, 150, 0)).toBeUndefined();
  });
});
