import { describe, expect, it } from 'vitest';
import { assertNoNulChars } from './assertNoNulChars';
import { AppError } from './errors';

describe('assertNoNulChars', () => {
  it('passes clean values of any shape', () => {
    expect(() => assertNoNulChars({ a: ['x', 1, null, { b: true }], c: 'y' })).not.toThrow();
    expect(() => assertNoNulChars(undefined)).not.toThrow();
  });

  it('names the root label for a bare string (query strings, tRPC input)', () => {
    try {
      assertNoNulChars('a\u0000', 'q');
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).fields).toEqual({ q: ['must not contain the NUL character (U+0000)'] });
    }
  });

  it('finds NUL in nested keys and values', () => {
    expect(() => assertNoNulChars({ filter: { 'st\u0000atus': 'x' } })).toThrow(AppError);
    expect(() => assertNoNulChars([[['\u0000']]])).toThrow(/U\+0000/);
  });
});
