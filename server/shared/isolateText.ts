/**
 * User text (a name, a team's name, a file's name) set apart from the app's
 * own words in a plain string: a notice, a question built as a string, an
 * aria label, a mail's subject or text part.
 *
 * Names are stored as given, bidi controls included
 * (backend/auth/authRoutes.hostileText.test.ts). Placed bare inside a
 * sentence, a right-to-left override in a name ("x \u202eevil") runs on over
 * the app's words after it: "Remove x evil from the team?" read "...live eht
 * morf ?" and " (you)" read "(uoy) ". Wrapped in FIRST STRONG ISOLATE ...
 * POP DIRECTIONAL ISOLATE, the name takes its own direction and whatever it
 * opens ends with it, while the sentence keeps its order. The text itself is
 * unchanged.
 *
 * In JSX use `<bdi>` or the `.user-text` class (app/globals.css) instead;
 * in mail HTML, `<bdi>`.
 */

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** `text` isolated for a plain string: `` `Remove ${isolateText(name)} from the team?` ``. */
export function isolateText(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
