import { describe, expect, it } from 'vitest';
import { generateObjectKey, OBJECT_KEY_PREFIXES, objectExtension, sanitizeExtension } from './objectKey';

const KEY = /^(public|private)\/\d{4}\/\d{2}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

describe('generateObjectKey', () => {
  it('is access prefix/year/month/128 random bits plus the extension', () => {
    const key = generateObjectKey('Holiday Photo.PNG', 'image/png', 'public');
    expect(OBJECT_KEY_PREFIXES).toEqual({ public: 'public', private: 'private' });
    expect(key).toMatch(/^public\//);
    expect(generateObjectKey('Holiday Photo.PNG', 'image/png', 'private')).toMatch(/^private\//);
    expect(key).toMatch(KEY);
    expect(key.endsWith('.png')).toBe(true);
    const now = new Date();
    expect(key.split('/').slice(1, 3)).toEqual([
      String(now.getUTCFullYear()),
      String(now.getUTCMonth() + 1).padStart(2, '0'),
    ]);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 10_000 }, () => generateObjectKey('a.txt', 'text/plain', 'private')));
    expect(keys.size).toBe(10_000);
  });

  it.each([
    ['../../etc/passwd', ''],
    ['..\\..\\windows\\system32\\evil.exe', '.exe'],
    ['/etc/cron.d/x', ''],
    ['report.tar.gz', '.gz'],
    ['no-extension', ''],
    ['.bashrc', ''],
    ['trailing.', ''],
    ['фото.jpg', '.jpg'],
    ['файл.жпг', ''],
    ['image.ｐｎｇ', '.png'],
    ['x.verylongextension', ''],
    ['x.p n g', ''],
    ['x.png%2f..', ''],
    ['x.png/../../y', ''],
    ['', ''],
  ])('keeps only a sanitised extension of %j', (filename, extension) => {
    expect(sanitizeExtension(filename)).toBe(extension);
    // As application/octet-stream, whose known extensions include .exe but not .jpg, .png or .gz.
    const key = generateObjectKey(filename, 'application/octet-stream', 'private');
    expect(key).toMatch(KEY);
    const expected = extension === '.exe' ? extension : '.bin';
    expect(key.slice(key.lastIndexOf('/') + 1 + 32)).toBe(expected);
  });

  it.each([
    // A filename that lies about the type: the key follows the Content-Type the object is stored with.
    ['logo.PNG.html', 'image/png', '.png'],
    ['\u202egnp.exe', 'image/png', '.png'],
    ['photo.svg', 'image/webp', '.webp'],
    ['no-extension', 'image/jpeg', '.jpg'],
    // The filename's own extension, when it is one of the type's.
    ['photo.jpeg', 'image/jpeg', '.jpeg'],
    ['Photo.JPG', 'image/jpeg; charset=binary', '.jpg'],
    ['notes.log', 'text/plain', '.log'],
    ['report.pdf', 'application/pdf', '.pdf'],
    // A type with no known extension gets none.
    ['data.html', 'application/x-unknown-type', ''],
    ['data.html', 'not a type', ''],
  ])('%j stored as %s gets %j', (filename, contentType, extension) => {
    expect(objectExtension(filename, contentType)).toBe(extension);
  });
});
