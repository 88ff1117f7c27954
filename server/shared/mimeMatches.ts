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

/**
 * A Content-Type a client may declare: `type/subtype` of token characters,
 * optional parameters, no control characters (it is signed into upload URLs
 * and sent as a header).
 */
export const MIME_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;[\x20-\x7e]*)?$/i;

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
