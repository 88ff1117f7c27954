import { describe, expect, it } from 'vitest';
import { NUL_RULE, SURROGATE_RULE, truncateText, unstorableTextRule } from './storableText';

describe('truncateText', () => {
  it('counts code points, as varchar(n) does, and never cuts inside one', () => {
    expect(truncateText('😀😀😀', 2)).toBe('😀😀');
    expect(truncateText('abc', 2)).toBe('ab');
    expect(truncateText('a😀b', 2)).toBe('a😀');
    expect(unstorableTextRule(truncateText('x😀'.repeat(50), 51))).toBeUndefined();
  });

  it('returns short text as it is', () => {
    expect(truncateText('', 3)).toBe('');
    expect(truncateText('😀😀', 2)).toBe('😀😀');
    expect(truncateText('abc', 3)).toBe('abc');
  });
});

describe('unstorableTextRule', () => {
  it('names U+0000 and an unpaired surrogate, and passes whole characters', () => {
    expect(unstorableTextRule('a\u0000b')).toBe(NUL_RULE);
    expect(unstorableTextRule('😀'.slice(0, 1))).toBe(SURROGATE_RULE);
    expect(unstorableTextRule('\udc00x')).toBe(SURROGATE_RULE);
    expect(unstorableTextRule('Party 😀 مرحبا e\u0301')).toBeUndefined();
  });
});
