/**
 * A name trimmed of what does not show at either end.
 *
 * `.trim()` removes whitespace only, so "Acme\u200f" (a right-to-left mark)
 * or "Acme\u200b" was stored as another name that looks exactly like "Acme".
 * This also removes format characters (Unicode category Cf: zero-width
 * space and joiners, bidi marks, embeddings, overrides and isolates, the
 * word joiner, the byte order mark, the soft hyphen) at both ends. What is
 * inside the name stays as given (authRoutes.hostileText.test.ts): display
 * isolates it (isolateText.ts), so an override inside cannot reach the words
 * around it.
 *
 * Tag characters (U+E0020-E007F) are format characters too, but at the end of
 * a name they are usually part of a subdivision flag (England's is a black flag
 * and tags): removing them would turn the flag into a plain black flag.
 * Combining marks and variation selectors are not Cf and stay: they draw on
 * the character before them.
 */

/** One character that does not show at an end; tags excluded (above). */
const INVISIBLE = /^(?![\u{E0020}-\u{E007F}])[\p{White_Space}\p{Cf}]$/u;

/** `name` without whitespace and format characters at its ends: `trimInvisible(' Acme\u200f')` is `'Acme'`. */
export function trimInvisible(name: string): string {
  // A walk from each end rather than one `(...)+$` regex: that backtracks over every run of invisible
  // characters inside the name, quadratic in a long body before its length is checked.
  const points = Array.from(name);
  let start = 0;
  let end = points.length;
  while (start < end && INVISIBLE.test(points[start] as string)) start += 1;
  while (end > start && INVISIBLE.test(points[end - 1] as string)) end -= 1;
  return start === 0 && end === points.length ? name : points.slice(start, end).join('');
}
