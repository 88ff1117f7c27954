import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { parseIds } from './parseIds';

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('parseIds', () => {
  it('requires ids: missing or null is a 400, an empty list touches nothing', () => {
    for (const missing of [undefined, null]) {
      expect(rejection(() => parseIds(missing)).fields).toEqual({
        ids: ['is required: an array of ids ([] touches nothing)'],
      });
    }
    expect(parseIds([])).toEqual([]);
  });

  it('accepts numbers and numeric strings, deduplicated in first-seen order', () => {
    expect(parseIds([3, '1', 3, 2, '3', 1])).toEqual([3, 1, 2]);
  });

  it('accepts exactly 10,000 ids', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    expect(parseIds(ids)).toHaveLength(10_000);
  });

  it('rejects more than 10,000 ids', () => {
    const error = rejection(() => parseIds(Array.from({ length: 10_001 }, (_, i) => i + 1)));
    expect(error.status).toBe(400);
    expect(error.fields?.ids?.[0]).toMatch(/at most 10000/);
  });

  it.each(['1,2,3', 1, { 0: 1 }, 'abc', true])('rejects the non-array %j', (value) => {
    const error = rejection(() => parseIds(value));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ ids: ['must be an array of ids'] });
  });

  it.each([
    [[1, 'abc'], 1],
    [[0], 0],
    [[1, 2, -1], 2],
    [[1.5], 0],
    [['01'], 0],
    [[2147483648], 0],
    [[null], 0],
    [[[1]], 0],
  ])('rejects %j naming the bad item', (value, index) => {
    const error = rejection(() => parseIds(value));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ ids: [`item ${index} must be an integer between 1 and 2147483647`] });
  });
});
