/** Which text shows something, and the zod rule required display text uses ("can't be blank" when nothing shows). */
import { describe, expect, it } from 'vitest';
import { hasVisibleCharacter, ONE_LINE, singleLineText, visibleText } from './visibleText';

const invisible: [string, string][] = [
  ['nothing', ''],
  ['spaces, tab, line breaks', ' \t\r\n '],
  ['no-break, ideographic, line and paragraph separators', '\u00a0\u3000\u2028\u2029\u2003'],
  ['a control character', '\u0007'],
  ['DEL and NEL', '\u007f\u0085'],
  ['a zero-width space', '\u200b'],
  ['a zero-width joiner and non-joiner', '\u200d\u200c'],
  ['a word joiner', '\u2060'],
  ['a byte order mark', '\ufeff'],
  ['a soft hyphen', '\u00ad'],
  ['left-to-right and right-to-left marks', '\u200e\u200f\u061c'],
  ['bidi isolates', '\u2066\u2069'],
  ['a first-strong isolate', '\u2068\u2069'],
  ['bidi embeddings and overrides', '\u202a\u202b\u202d\u202e\u202c'],
  ['tag characters (as in emoji flags, without the flag)', '\u{e0067}\u{e0062}\u{e007f}'],
  ['a combining acute accent alone', '\u0301'],
  ['a stack of combining marks', '\u0301\u0308\u0323\u0336'],
  ['an enclosing circle alone', '\u20dd'],
  ['a combining grapheme joiner', '\u034f'],
  ['an emoji variation selector alone', '\ufe0f'],
  ['the Hangul filler', '\u3164'],
  ['the halfwidth Hangul filler', '\uffa0'],
  ['the Hangul choseong and jungseong fillers', '\u115f\u1160'],
  ['a blank Braille cell', '\u2800'],
  ['a Mongolian vowel separator', '\u180e'],
  ['zero-width characters mixed', '\u200b\u200d\ufeff'],
  ['every kind at once, around spaces', ' \u200b\u2066\u0301\u00ad\u3164\u2800\u0007\ufeff\u2069 '],
];

const visible: [string, string][] = [
  ['a letter', 'a'],
  ['a zero-width space inside a word', 'Z\u200bero'],
  ['zero-width characters around a word', '\u200b\u200dAcme\ufeff'],
  ['a word in bidi isolates', '\u2066Acme\u2069'],
  ['a right-to-left override before text', '\u202eevil'],
  ['a soft hyphen inside a word', 'hy\u00adphen'],
  ['a digit', '0'],
  ['punctuation', '.'],
  ['an emoji', '😀'],
  ['an emoji with a variation selector', '\u2764\ufe0f'],
  ['a family emoji (zero-width joiners between faces)', '👨\u200d👩\u200d👧'],
  ['a flag (regional indicators)', '🇫🇷'],
  ['a keycap', '1\ufe0f\u20e3'],
  ['CJK', '漢字'],
  ['Japanese kana', 'ひらがな'],
  ['Hangul syllables', '한국'],
  ['Hebrew (right to left)', 'שלום'],
  ['Arabic (right to left)', 'مرحبا'],
  ['a combining mark on a letter', 'e\u0301'],
  ['a name with a decomposed accent', 'Zoe\u0301'],
  ['Devanagari with a vowel sign', 'कि'],
  ['a spacing mark alone (it takes room of its own)', '\u0903'],
  ['a private-use character', '\ue000'],
  ['one letter among invisible ones', '\u3164\u2800x\u200b'],
];

describe('hasVisibleCharacter', () => {
  it.each(invisible)('%s: nothing shows', (_label, text) => {
    expect(hasVisibleCharacter(text)).toBe(false);
  });

  it.each(visible)('%s: shows', (_label, text) => {
    expect(hasVisibleCharacter(text)).toBe(true);
  });
});

describe('visibleText', () => {
  const messages = (schema: ReturnType<typeof visibleText>, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each(invisible)('%s: one "can\'t be blank"', (_label, text) => {
    expect(messages(visibleText(), text)).toEqual(["can't be blank"]);
  });

  it.each(visible)('%s: accepted', (_label, text) => {
    expect(messages(visibleText(), text)).toEqual([]);
  });

  it('trims only whitespace: the text is kept as given, zero-width characters included', () => {
    expect(visibleText().parse('  Acme  ')).toBe('Acme');
    expect(visibleText().parse('Z\u200bero')).toBe('Z\u200bero');
    expect(visibleText().parse(' \u200bAcme\u2069 ')).toBe('\u200bAcme\u2069');
  });

  it('takes its own message, and chains like any string (a max length still applies)', () => {
    expect(messages(visibleText('is required'), '\u200b')).toEqual(['is required']);
    const short = visibleText().max(3, 'is too long (maximum is 3 characters)');
    expect(messages(short, 'abcd')).toEqual(['is too long (maximum is 3 characters)']);
    expect(messages(short, ' abc ')).toEqual([]);
    expect(messages(short, '\u200b')).toEqual(["can't be blank"]);
    expect(messages(short, '\u200b'.repeat(4))).toEqual(["can't be blank", 'is too long (maximum is 3 characters)']);
  });

  it('refuses what is not a string', () => {
    for (const value of [42, null, undefined, ['a']]) {
      expect(visibleText().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('singleLineText', () => {
  it.each([
    ['a line feed', 'Acme\nAccept the invitation: https://evil.example'],
    ['CR LF', 'Acme\r\nPayroll'],
    ['a tab', 'Acme\tPayroll'],
    ['NEL', 'Acme\u0085Payroll'],
    ['a line separator', 'Acme\u2028Payroll'],
    ['a paragraph separator', 'Acme\u2029Payroll'],
    ['a bell', 'Acme\u0007'],
  ])('refuses a name with %s inside', (_label, name) => {
    expect(
      singleLineText()
        .safeParse(name)
        .error?.issues.map((issue) => issue.message),
    ).toEqual([ONE_LINE]);
  });

  it('takes what visibleText takes on one line, trimmed, and is blank like it', () => {
    expect(singleLineText().parse('  Acme Payroll\u200f ')).toBe('Acme Payroll\u200f');
    expect(singleLineText().parse('\n Acme \n')).toBe('Acme');
    expect(
      singleLineText()
        .safeParse('\u200b')
        .error?.issues.map((issue) => issue.message),
    ).toEqual(["can't be blank"]);
  });
});
