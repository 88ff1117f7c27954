import { describe, expect, it } from 'vitest';
import { mimeMatches } from './mimeMatches';

describe('mimeMatches', () => {
  it.each([
    // accepts, contentType, expected
    [undefined, 'application/x-anything', true],
    ['image/png', 'image/png', true],
    ['image/png', 'image/jpeg', false],
    ['image/*', 'image/png', true],
    ['image/*', 'IMAGE/WEBP', true],
    ['Image/*', 'image/gif', true],
    ['image/*', 'video/mp4', false],
    ['image/*', 'imagex/png', false],
    ['image/*', 'image/svg+xml', false],
    ['image/*', 'image/SVG+XML; charset=utf-8', false],
    [['image/*', 'image/svg+xml'], 'image/svg+xml', true],
    [['image/*', 'image/svg+xml'], 'image/png', true],
    [['application/pdf', 'text/plain'], 'text/plain; charset=utf-8', true],
    [['application/pdf', 'text/plain'], 'text/html', false],
    ['text/plain; charset=utf-8', 'text/plain', true],
    ['*/*', 'image/svg+xml', true],
    ['*/*', 'application/octet-stream', true],
    [[], 'image/png', false],
    ['image/*', '', false],
    ['image/*', 'image', false],
    ['image/*', 'image/', false],
    ['*', 'image/png', false],
    [undefined, 'not a type', true],
  ] as const)('%j admits %j: %s', (accepts, contentType, expected) => {
    expect(mimeMatches(accepts, contentType)).toBe(expected);
  });
});
