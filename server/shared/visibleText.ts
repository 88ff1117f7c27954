/**
 * Required display text (a team's name, a post's title) must show something.
 *
 * Names are display text, stored exactly as given: zero-width characters and
 * bidi controls inside one stay (backend/auth/authRoutes.hostileText.test.ts).
 * But `.trim()` removes only whitespace, so a name of nothing but a zero-width
 * space passed `.min(1)` and every page then showed an empty name. This is the
 * "can't be blank" of such text: at least one character that draws something.
 *
 * Not visible on their own, so not enough alone:
 * - White_Space: spaces of every width, line breaks;
 * - Cc, control characters;
 * - Cf, format characters: zero-width space and joiners, bidi marks and
 *   isolates, the BOM, the soft hyphen, tag characters. (A few, such as the
 *   Arabic number sign, do draw, but only around the digits after them: with
 *   nothing after them they are no name either.)
 * - Mn and Me, non-spacing and enclosing marks: they draw on the character
 *   before them, so alone they show nothing of their own or smear onto the
 *   text beside them. A mark on a letter (`e` + U+0301) is fine: the letter
 *   counts. Spacing marks (Mc) take room of their own and count as visible.
 * - Default_Ignorable_Code_Point, what Unicode says renders as nothing: this
 *   adds the Hangul fillers (U+3164, U+FFA0, U+115F, U+1160), letters by
 *   category and the usual way to post an "empty" name elsewhere;
 * - U+2800 BRAILLE PATTERN BLANK, a symbol by category that every font draws
 *   as a blank cell: the other usual way.
 *
 * Everything else counts, private-use and unassigned code points included
 * (fonts draw them, or a replacement box). Nothing is removed from the text:
 * this only judges it.
 */
import { z } from 'zod';

const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** The message of an empty required field, everywhere in the app. */
const BLANK = "can't be blank";

/** True when `text` has at least one character that shows (see above); `"Z\u200bero"` does, `"\u200b"` does not. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * A required display text: `z.string().trim()` that refuses text with no
 * visible character, with `message` ("can't be blank" unless told) for empty
 * and invisible alike. Chain the rest as on any string:
 * `visibleText().max(100, 'is too long (maximum is 100 characters)')`.
 */
export function visibleText(message: string = BLANK): z.ZodString {
  return (
    z
      .string()
      .trim()
      // `abort`: an empty string gets the message once, not again from the refinement.
      .min(1, { message, abort: true })
      .refine(hasVisibleCharacter, { message })
  );
}

/** Line breaks (LF, CR, NEL, U+2028, U+2029), tabs and every other control character. */
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** True when `text` has a line break, a tab or another control character in it. */
export function hasLineBreakOrControl(text: string): boolean {
  return LINE_BREAK_OR_CONTROL.test(text);
}

/** The message of a one-line field given more lines. */
export const ONE_LINE = 'must be one line, without control characters';

/**
 * A required name (a user's, a team's, a key's): `visibleText()` on one line. A name is set into other
 * text, a mail's subject and its plain-text part among them, where a line break in it starts lines of
 * its own: "Acme\n\nAccept the invitation: https://evil.example" reads as the app's own words.
 */
export function singleLineText(message: string = BLANK): z.ZodString {
  return visibleText(message).refine((text) => !hasLineBreakOrControl(text), { message: ONE_LINE });
}
