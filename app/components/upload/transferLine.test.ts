import { describe, expect, it } from 'vitest';
import { transferLine } from './transferLine';

const MiB = 1024 * 1024;

describe('transferLine', () => {
  it('says bytes sent, speed and time left while uploading', () => {
    const line = transferLine({ stage: 'uploading', loaded: 45 * MiB, total: 150 * MiB, bytesPerSecond: 5 * MiB });
    expect(line).toBe('45 MiB of 150 MiB · 5 MiB/s · 21 seconds left');
  });

  it('says what a pause kept and what it cut short, so 0% after a bar further on reads as it is', () => {
    expect(transferLine({ stage: 'paused', loaded: 0, total: 30 * MiB, cutShort: 8.5 * MiB })).toBe(
      '0 B of 30 MiB saved · 8.5 MiB of unfinished parts will be sent again',
    );
  });

  it('says only what is saved when the pause cut nothing short', () => {
    expect(transferLine({ stage: 'paused', loaded: 10 * MiB, total: 30 * MiB, cutShort: 0 })).toBe(
      '10 MiB of 30 MiB saved',
    );
    expect(transferLine({ stage: 'paused', loaded: 10 * MiB, total: 30 * MiB })).toBe('10 MiB of 30 MiB saved');
  });
});
