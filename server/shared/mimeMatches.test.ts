import { describe, expect, it } from 'vitest';
import { MIME_TYPE_PATTERN, mimeMatches } from './mimeMatches';

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

describe('MIME_TYPE_PATTERN (what presign accepts as contentType)', () => {
  it.each([
    'image/png',
    'Image/PNG',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'image/svg+xml',
    'text/plain; charset=utf-8',
    'text/plain;charset=UTF-8',
    'text/plain ; charset=utf-8; format=flowed',
    'multipart/form-data; boundary="a b;c\\"d"',
  ])('accepts %j', (value) => {
    expect(MIME_TYPE_PATTERN.test(value)).toBe(true);
  });

  it.each([
    ['a newline before parameters', 'image/png\n;x'],
    ['CRLF header injection', 'image/png\r\nx-amz-acl: public-read'],
    ['a no-break space', 'image/png\u00a0'],
    ['a no-break space inside', 'image/\u00a0png'],
    ['an ideographic space before parameters', 'text/plain\u3000; charset=utf-8'],
    ['a tab before parameters', 'text/plain\t; charset=utf-8'],
    ['a NUL', 'image/png\u0000'],
    ['a parameter without a value', 'image/png; x'],
    ['a bare semicolon', 'image/png;'],
    ['an unterminated quoted value', 'text/plain; a="b'],
    ['a space inside a token value', 'text/plain; a=b c'],
    ['no subtype', 'image'],
    ['an empty subtype', 'image/'],
    ['two slashes', 'image/png/x'],
    ['a wildcard', 'image/*'],
    ['a leading space', ' image/png'],
    ['non-ASCII letters', 'image/pñg'],
    ['a fullwidth slash', 'image／png'],
    ['a right-to-left override', 'image/png\u202e'],
    ['an over-long subtype', `image/${'a'.repeat(128)}`],
  ])('refuses %s', (_label, value) => {
    expect(MIME_TYPE_PATTERN.test(value)).toBe(false);
  });
});
