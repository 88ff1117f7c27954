/** Names trimmed of what does not show at either end: whitespace and format characters. */
import { describe, expect, it } from 'vitest';
import { trimInvisible } from './trimInvisible';

describe('trimInvisible', () => {
  it.each([
    ['spaces', '  Spacey  ', 'Spacey'],
    ['a trailing right-to-left mark', 'Acme\u200f', 'Acme'],
    ['zero-width space, joiner and non-joiner', '\u200b\u200cAcme\u200d', 'Acme'],
    ['a word joiner and a byte order mark', '\ufeffAcme\u2060', 'Acme'],
    ['bidi embeddings, overrides and isolates', '\u202a\u2066Acme\u2069\u202e\u202c', 'Acme'],
    ['a soft hyphen', '\u00adAcme\u00ad', 'Acme'],
    ['whitespace and format characters mixed', ' \u200f\u00a0Acme \u200b\u3000', 'Acme'],
  ])('removes %s at both ends', (_label, name, trimmed) => {
    expect(trimInvisible(name)).toBe(trimmed);
  });

  it('keeps what is inside the name, invisible or not', () => {
    expect(trimInvisible('Z\u200bero \u202eWidth')).toBe('Z\u200bero \u202eWidth');
  });

  it('keeps the tag characters that make a subdivision flag (England) at the end of a name', () => {
    const england = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';
    expect(trimInvisible(`Team ${england}`)).toBe(`Team ${england}`);
  });

  it('keeps a variation selector and a combining mark at the end (they draw with the character before them)', () => {
    expect(trimInvisible('Love \u2764\ufe0f')).toBe('Love \u2764\ufe0f');
    expect(trimInvisible('Zoe\u0301')).toBe('Zoe\u0301');
  });

  it('leaves nothing of a name that is only invisible', () => {
    expect(trimInvisible(' \u200d\u200f ')).toBe('');
  });
});

describe('trimInvisible on long input', () => {
  it('takes linear time over a long run of invisible characters inside the text', () => {
    const long = `a${' \u200b'.repeat(200_000)}b`;
    const started = performance.now();
    expect(trimInvisible(long)).toBe(long);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
