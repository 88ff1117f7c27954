/**
 * `Content-Disposition: attachment` naming a file, safe for any filename:
 * an ASCII fallback in `filename="..."` for old clients and the exact name,
 * UTF-8 percent-encoded, in `filename*` (RFC 6266 with RFC 5987 encoding).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** RFC 5987 attr-char: encodeURIComponent leaves `'()*` unescaped, which attr-char forbids. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function attachmentDisposition(filename: string): string {
  // No control characters (header injection) and no path, whatever the client sent.
  const name = (filename.replace(CONTROL, '').split(/[\\/]/).pop() ?? '').trim() || 'download';
  // Quoted-string fallback: printable ASCII only, no quote or backslash.
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
