/**
 * Text PostgreSQL stores exactly as written, and a way to shorten text that
 * keeps it so.
 *
 * - U+0000: `text` cannot hold it, and the driver fails with a 500.
 * - An unpaired surrogate (half of a character beyond U+FFFF, such as an
 *   emoji): UTF-8 cannot encode it, so it is stored silently as U+FFFD,
 *   changing the text. Client input is refused with a 400 before it gets that
 *   far (server/controller/assertStorableStrings.ts); the model refuses it on
 *   save too (server/model/validateRecord.ts), because text the server makes
 *   can have one: `name.slice(0, 113)` counts UTF-16 units and can cut an
 *   emoji in half. Shorten text with `truncateText` instead.
 */

/** In a `u` regex a pair is one code point, so `\p{Cs}` matches only an unpaired surrogate. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export const NUL_RULE = 'must not contain the NUL character (U+0000)';
export const SURROGATE_RULE = 'must be valid Unicode (an unpaired surrogate cannot be stored)';

/** The rule `text` breaks (one of the messages above), or undefined when PostgreSQL stores it exactly. */
export function unstorableTextRule(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_RULE;
  if (UNPAIRED_SURROGATE.test(text)) return SURROGATE_RULE;
  return undefined;
}

/**
 * `text` cut to at most `max` characters, counted as PostgreSQL counts them (code points, as a
 * `varchar(n)` limit does), never inside one: `truncateText('😀😀', 1)` is `'😀'`, where
 * `'😀😀'.slice(0, 1)` is half an emoji. Accents and joined emoji sequences count per code point.
 */
export function truncateText(text: string, max: number): string {
  // Fewer UTF-16 units than max means fewer code points too: nothing to cut, and no array built.
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('');
}
