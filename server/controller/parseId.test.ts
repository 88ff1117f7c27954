import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { parseId } from './parseId';

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('parseId', () => {
  it.each([
    ['1', 1],
    [1, 1],
    ['42', 42],
    ['2147483647', 2147483647],
    [2147483647, 2147483647],
  ])('accepts %j', (value, id) => {
    expect(parseId(value)).toBe(id);
  });

  it.each([
    'abc',
    '0',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    '1 ',
    '',
    '01',
    '+1',
    '0x10',
    '2147483648',
    '99999999999',
    '１',
    0,
    -1,
    2147483648,
    2.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    undefined,
    true,
    {},
    [1],
  ])('rejects %j with a 400 naming the field', (value) => {
    const error = rejection(() => parseId(value, 'teamId'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid teamId');
    expect(error.fields).toEqual({ teamId: ['must be an integer between 1 and 2147483647'] });
  });

  it('rejects a bigint (JSON never yields one; a caller might)', () => {
    expect(rejection(() => parseId(1n)).status).toBe(400);
  });

  it('names `id` by default', () => {
    expect(rejection(() => parseId('x')).fields).toEqual({ id: ['must be an integer between 1 and 2147483647'] });
  });
});
