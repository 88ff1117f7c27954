/** sniffContentType on real bytes: what file-type recognises, and what only an explicit slot admits. */
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../testing/samplePng';
import { hasManyAttached } from './attachmentSlots';
import { sniffContentType } from './sniffContentType';

const PDF = Buffer.from('%PDF-1.7 a document');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const XML_SVG = Buffer.from(`<?xml version="1.0"?>${SVG}`);
const XHTML = Buffer.from(
  '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
);
const FEED = Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel><title>News</title></channel></rss>');
const xmlListed = hasManyAttached({ accepts: ['application/xml', 'application/rss+xml'] });
const applications = hasManyAttached({ accepts: 'application/*' });

const images = hasManyAttached({ accepts: 'image/*' });
const svgToo = hasManyAttached({ accepts: ['image/*', 'image/svg+xml'] });
const texts = hasManyAttached({ accepts: 'text/*' });
const anything = hasManyAttached();

describe('sniffContentType', () => {
  it.each([
    ['a PNG as image/png', TINY_PNG, 'image/png', images],
    ['a PNG as image/png with parameters and capitals', TINY_PNG, 'Image/PNG; q=1', images],
    ['a PDF as application/pdf', PDF, 'application/pdf', anything],
    ['SVG where the slot lists image/svg+xml', SVG, 'image/svg+xml', svgToo],
    ['SVG with an XML declaration (detected as XML) where listed', XML_SVG, 'image/svg+xml', svgToo],
    ['plain text where the slot accepts anything', Buffer.from('notes'), 'text/plain', anything],
    ['any detected type claimed as application/octet-stream', PDF, 'application/octet-stream', anything],
    ['an XML feed where the slot lists its type', FEED, 'application/rss+xml', xmlListed],
  ])('passes %s', async (_label, bytes, claimed, slot) => {
    expect(await sniffContentType(bytes, claimed, slot)).toBeNull();
  });

  it.each([
    ['HTML as image/png', HTML, 'image/png', images, 'does not look like image/png'],
    ['a PDF as image/png', PDF, 'image/png', images, 'looks like application/pdf, not image/png'],
    ['a PNG as application/pdf', TINY_PNG, 'application/pdf', anything, 'looks like image/png, not application/pdf'],
    ['an empty file as image/png', Buffer.alloc(0), 'image/png', images, 'does not look like image/png'],
    ['plain text under a wildcard (text/*)', Buffer.from('notes'), 'text/plain', texts, 'must list it explicitly'],
    ['HTML as text/html under text/*', HTML, 'text/html', texts, 'must list it explicitly'],
    ['SVG when no slot is known', SVG, 'image/svg+xml', undefined, 'must list it explicitly'],
    // XML is detected as XML whatever its vocabulary: a wildcard must not let XHTML with scripts through.
    ['XHTML as text/xml under text/*', XHTML, 'text/xml', texts, 'must list it explicitly'],
    ['XHTML as application/xhtml+xml under application/*', XHTML, 'application/xhtml+xml', applications, 'must list'],
    ['XHTML as application/xml under application/*', XHTML, 'application/xml', applications, 'must list'],
    ['XML as image/x+xml under image/*', XHTML, 'image/x+xml', images, 'must list it explicitly'],
  ])('refuses %s', async (_label, bytes, claimed, slot, message) => {
    expect(await sniffContentType(bytes, claimed, slot)).toContain(message);
  });
});
