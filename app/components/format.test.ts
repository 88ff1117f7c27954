/** Display formats: the wait of a 429 and an upload's time left, in words. */
import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect([formatDuration(0.2), formatDuration(1), formatDuration(45), formatDuration(59.5)]).toEqual([
      '1 second',
      '1 second',
      '45 seconds',
      '1 minute',
    ]);
    expect([formatDuration(200), formatDuration(900), formatDuration(3600), formatDuration(5400)]).toEqual([
      '4 minutes',
      '15 minutes',
      '1 hour',
      '1 hour 30 minutes',
    ]);
  });
});
