/**
 * Does a Content-Type satisfy a slot's `accepts`? Patterns are exact types
 * (`application/pdf`) or wildcards (`image/*`, `*\/*`); matching ignores case
 * and parameters (`; charset=utf-8`).
 *
 * `image/*` deliberately does NOT admit `image/svg+xml`: SVG is a document
 * that can run script when opened from the bucket's origin. List it
 * explicitly to allow it. `*\/*` admits everything, SVG included.
 */

/** `Image/PNG; charset=x` -> `image/png`; undefined when not `type/subtype`. */
export function mimeEssence(value: string): string | undefined {
  const type = value.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return /^[^\s/]+\/[^\s/]+$/.test(type) ? type : undefined;
}

/** RFC 6838 restricted-name: how registered types and subtypes are spelled. */
const NAME = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
/** RFC 9110 token (parameter names and bare values). */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** RFC 9110 quoted-string, printable ASCII only (no tab, no obs-text). */
const QUOTED = '"(?:[ !#-\\[\\]-~]|\\\\[ -~])*"';

/**
 * A Content-Type a client may declare: `type/subtype` (RFC 6838 names),
 * then any number of `; name=value` parameters (value a token or a quoted
 * string), separated by plain spaces only. No control characters, no
 * Unicode spaces, no stray text: the value is signed into upload URLs, sent
 * as a header, stored and shown, so anything else is refused, not cleaned.
 */
export const MIME_TYPE_PATTERN = new RegExp(`^${NAME}/${NAME}(?: *; *${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);

const WILDCARD_EXCLUDED = new Set(['image/svg+xml']);

/** `accepts` undefined: anything goes; an empty list admits nothing. */
export function mimeMatches(accepts: string | readonly string[] | undefined, contentType: string): boolean {
  if (accepts === undefined) return true;
  const type = mimeEssence(contentType);
  if (!type) return false;
  const patterns = typeof accepts === 'string' ? [accepts] : accepts;
  return patterns.some((raw) => {
    const pattern = mimeEssence(raw);
    if (!pattern) return false;
    if (pattern === type || pattern === '*/*') return true;
    if (!pattern.endsWith('/*') || WILDCARD_EXCLUDED.has(type)) return false;
    return type.startsWith(pattern.slice(0, -1));
  });
}
