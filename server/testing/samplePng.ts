/**
 * A real 1x1 PNG (67 bytes) for upload tests: confirm sniffs the first bytes,
 * so a buffer that merely starts with the PNG signature is refused.
 */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
