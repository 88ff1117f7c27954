/**
 * The name a file is stored and downloaded under: the client's filename
 * without any path, control characters, bidirectional controls or
 * surrounding spaces, at most 255 characters (the column's limit), never
 * empty or invisible (`file` then). It is only ever shown and put in Content-Disposition; object keys
 * are generated separately (objectKey.ts).
 *
 * A longer name is shortened before its extension, so `<300 a>.pdf` is still
 * a `.pdf` when downloaded and opens as one. The limit counts code points, as
 * PostgreSQL's varchar(255) does, and the cut falls between graphemes: an
 * emoji or an accented letter is kept whole or dropped whole.
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

/** `service_assets.filename` is varchar(255): 255 code points. */
const MAX_LENGTH = 255;
/**
 * Longest extension kept whole (`.docx`, `.tar.gz`, `.numbers`); a longer
 * "extension" is more likely part of the name and is cut like the rest.
 */
const MAX_EXTENSION_LENGTH = 16;
/** The trailing dot-separated parts made of letters and digits: `.tar.gz` of `backup.tar.gz`. */
const EXTENSION_PARTS = /(?:\.[\p{L}\p{N}]+)+$/u;

const codePoints = (text: string) => Array.from(text).length;

/** The longest suffix of `name`'s extension parts that fits, or '' (none, or a dotfile's whole name). */
function extensionOf(name: string): string {
  const parts = EXTENSION_PARTS.exec(name);
  if (!parts || parts.index === 0) return '';
  let extension = parts[0];
  while (codePoints(extension) > MAX_EXTENSION_LENGTH) {
    const next = extension.indexOf('.', 1);
    if (next === -1) return '';
    extension = extension.slice(next);
  }
  return extension;
}

/** The first graphemes of `text` that together hold at most `limit` code points. */
function truncateGraphemes(text: string, limit: number): string {
  let kept = '';
  let length = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    length += codePoints(segment);
    if (length > limit) break;
    kept += segment;
  }
  return kept;
}

function shorten(name: string): string {
  if (codePoints(name) <= MAX_LENGTH) return name;
  const extension = extensionOf(name);
  const stem = name.slice(0, name.length - extension.length);
  // No stem ending in spaces or dots: `report .pdf` or `report..pdf` reads as a mistake.
  const shortStem = truncateGraphemes(stem, MAX_LENGTH - codePoints(extension)).replace(/[\s.]+$/u, '');
  return extension && shortStem ? `${shortStem}${extension}` : truncateGraphemes(name, MAX_LENGTH);
}

export function sanitizeFilename(filename: string): string {
  const base = filename.replace(CONTROL, '').replace(BIDI_CONTROL, '').split(/[\\/]/).pop() ?? '';
  const name = shorten(base.trim()).trim();
  // A name with nothing visible left (zero-width characters alone) would be an empty link.
  return !hasVisibleCharacter(name) || name === '.' || name === '..' ? 'file' : name;
}
