/**
 * The name a file is stored and downloaded under: the client's filename
 * without any path, control characters, bidirectional controls or
 * surrounding spaces, at most 255 characters (the column's limit), never
 * empty or invisible (`file` then). It is only ever shown and put in Content-Disposition; object keys
 * are generated separately (objectKey.ts).
 *
 * Bidirectional controls go because they make a name display as something
 * it is not: `invoice\u202Efdp.exe` shows as "invoiceexe.pdf". No file name
 * needs them (the text's own letters carry their direction).
 */

import { hasVisibleCharacter } from '../shared';

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** LRM, RLM, ALM; embeddings and overrides (LRE..RLO); isolates (LRI..PDI). */
const BIDI_CONTROL = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

export function sanitizeFilename(filename: string): string {
  const base = filename.replace(CONTROL, '').replace(BIDI_CONTROL, '').split(/[\\/]/).pop() ?? '';
  // Array.from counts code points, so a surrogate pair is never cut in half.
  const name = Array.from(base.trim()).slice(0, 255).join('').trim();
  // A name with nothing visible left (zero-width characters alone) would be an empty link.
  return !hasVisibleCharacter(name) || name === '.' || name === '..' ? 'file' : name;
}
