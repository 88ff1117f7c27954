/**
 * sanitizeFilename: what is stripped, and how a name over the column's 255
 * characters is shortened (the extension kept, no character split).
 */
import { describe, expect, it } from 'vitest';
import { sanitizeFilename } from './sanitizeFilename';

/** Code points, as PostgreSQL's varchar(255) counts them. */
const length = (name: string) => Array.from(name).length;

describe('sanitizeFilename', () => {
  it('strips paths, control and bidirectional characters, and surrounding spaces', () => {
    expect(sanitizeFilename('  C:\\Users\\me\\report.pdf ')).toBe('report.pdf');
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('in\u0000voice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFilename('\u200b')).toBe('file');
    expect(sanitizeFilename('..')).toBe('file');
  });

  it('leaves a name of 255 characters as it is', () => {
    const name = `${'a'.repeat(251)}.pdf`;
    expect(sanitizeFilename(name)).toBe(name);
  });

  it('keeps the extension when it shortens a long name', () => {
    expect(sanitizeFilename(`${'a'.repeat(296)}.pdf`)).toBe(`${'a'.repeat(251)}.pdf`);
    expect(sanitizeFilename(`${'a'.repeat(300)}.PDF`)).toBe(`${'a'.repeat(251)}.PDF`);
  });

  it('keeps a multi-part extension such as .tar.gz', () => {
    expect(sanitizeFilename(`${'a'.repeat(300)}.tar.gz`)).toBe(`${'a'.repeat(248)}.tar.gz`);
  });

  it('does not take a sentence after a dot for an extension', () => {
    const name = `Chapter 1. ${'b'.repeat(300)}`;
    expect(sanitizeFilename(name)).toBe(name.slice(0, 255));
  });

  it('cuts a name without a usable extension from the end', () => {
    expect(sanitizeFilename('a'.repeat(300))).toBe('a'.repeat(255));
    // Longer than any extension: it is part of the name.
    expect(sanitizeFilename(`${'a'.repeat(100)}.${'x'.repeat(200)}`)).toBe(`${'a'.repeat(100)}.${'x'.repeat(154)}`);
    // A dotfile's name is all "extension": there is no stem to shorten instead.
    expect(sanitizeFilename(`.${'c'.repeat(300)}`)).toBe(`.${'c'.repeat(254)}`);
  });

  it('counts characters, not bytes or UTF-16 units, and never splits one', () => {
    // Each emoji is one code point of two UTF-16 units; the limit is 255 of them.
    const emoji = sanitizeFilename(`${'😀'.repeat(300)}.pdf`);
    expect(emoji).toBe(`${'😀'.repeat(251)}.pdf`);
    // A family emoji is one grapheme of 5 code points: shortened whole or not at all.
    const family = '👨‍👩‍👧';
    const shortened = sanitizeFilename(`${'a'.repeat(249)}${family}${family}.pdf`);
    expect(shortened).toBe(`${'a'.repeat(249)}.pdf`);
    expect(length(shortened)).toBeLessThanOrEqual(255);
    // An accent written as a combining mark stays with its letter.
    const accented = sanitizeFilename(`${'a'.repeat(250)}e\u0301e\u0301.pdf`);
    expect(accented).toBe(`${'a'.repeat(250)}.pdf`);
  });

  it('does not end the shortened name in spaces or dots before the extension', () => {
    expect(sanitizeFilename(`${'a'.repeat(249)}  ${'b'.repeat(50)}.pdf`)).toBe(`${'a'.repeat(249)}.pdf`);
  });
});
