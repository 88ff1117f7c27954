import { describe, expect, it } from 'vitest';
import { assertStorableStrings } from './assertStorableStrings';
import { AppError } from './errors';

function fieldsOf(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).fields;
  }
  return expect.unreachable('expected a 400');
}

describe('assertStorableStrings', () => {
  it('passes clean values of any shape, paired surrogates (emoji) included', () => {
    expect(() => assertStorableStrings({ a: ['x', 1, null, { b: true }], c: 'y 😀 𝄞' })).not.toThrow();
    expect(() => assertStorableStrings(undefined)).not.toThrow();
  });

  it('names the root label for a bare string (query strings, tRPC input)', () => {
    expect(fieldsOf(() => assertStorableStrings('a\u0000', 'q'))).toEqual({
      q: ['must not contain the NUL character (U+0000)'],
    });
  });

  it('finds NUL in nested keys and values', () => {
    expect(() => assertStorableStrings({ filter: { 'st\u0000atus': 'x' } })).toThrow(AppError);
    expect(() => assertStorableStrings([[['\u0000']]])).toThrow(/U\+0000/);
  });

  it('refuses an unpaired surrogate, high or low, in values and keys, naming its path', () => {
    const rule = ['must be valid Unicode (an unpaired surrogate cannot be stored)'];
    expect(fieldsOf(() => assertStorableStrings({ data: { name: 'a\ud800b' } }))).toEqual({ 'data.name': rule });
    expect(fieldsOf(() => assertStorableStrings({ data: { tags: ['ok', '\udc00'] } }))).toEqual({
      'data.tags.1': rule,
    });
    expect(fieldsOf(() => assertStorableStrings({ '\ud83dname': 'x' }))).toEqual({ body: rule });
    // Reversed halves are two unpaired surrogates, not an emoji.
    expect(fieldsOf(() => assertStorableStrings('\ude00\ud83d', 'input'))).toEqual({ input: rule });
  });

  it('prints a field name that holds the character it refuses as an escape', () => {
    expect(Object.keys(fieldsOf(() => assertStorableStrings({ 'a\ud800': { b: '\u0000' } })) as object)).toEqual([
      'a\\ud800.b',
    ]);
  });
});
