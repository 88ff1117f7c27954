/**
 * Byte units (binary: 1 MB = 1,048,576 bytes, as the slot limits and the body
 * limit mean them) and how the upload UI writes a size for people.
 */
export const KB = 1024;
export const MB = 1024 * KB;
export const GB = 1024 * MB;

/** `512 B`, `12 KB`, `2.5 MB`, `20 MB`: one decimal below 10 MB, none above. */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / KB)} KB`;
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0).replace(/\.0$/, '')} MB`;
}
