/**
 * The name a file is stored and downloaded under: the client's filename
 * without any path, control characters or surrounding spaces, at most 255
 * characters (the column's limit), never empty. It is only ever shown and put
 * in Content-Disposition; object keys are generated separately (objectKey.ts).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function sanitizeFilename(filename: string): string {
  const base = filename.replace(CONTROL, '').split(/[\\/]/).pop() ?? '';
  // Array.from counts code points, so a surrogate pair is never cut in half.
  const name = Array.from(base.trim()).slice(0, 255).join('').trim();
  return name === '' || name === '.' || name === '..' ? 'file' : name;
}
