/**
 * Does an uploaded file's content agree with the type its client claimed?
 * The claimed Content-Type is only a label the browser (or an attacker)
 * chose; a slot accepting `image/*` must not end up serving HTML or a PDF
 * named `logo.png`. confirm reads the first bytes of the staged object and
 * asks `file-type` (magic numbers, maintained, no native code).
 *
 * - The detector recognises the bytes: the detected type must be the claimed
 *   one (PNG claimed as `image/png` passes, a PDF claimed as `image/png`
 *   does not).
 * - It does not recognise them: text formats (SVG, plain text, CSV, JSON,
 *   HTML) have no magic number, so nothing can prove what they are. They
 *   pass only when the claimed type is one the detector cannot know AND the
 *   slot names it explicitly (`accepts: ['text/plain']`, or a slot accepting
 *   anything). A wildcard such as `image/*` is not explicit: HTML claimed as
 *   `image/png` is refused, because the detector knows PNG and found none.
 * - XML is recognised, but only as XML: it passes under the same rule as the
 *   text formats, since XHTML and SVG carry scripts under any XML type.
 */
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { mimeEssence } from '../shared/mimeMatches';
import type { AttachmentSlot } from './attachmentSlots';

/** How many leading bytes confirm reads for detection (file-type's own "reasonable" size). */
export const SNIFF_BYTES = 4100;

/** A claim of "some bytes" says nothing to contradict. */
const OPAQUE = 'application/octet-stream';

/** Does the detected type agree with the claim? XML is detected as `application/xml` whatever its vocabulary. */
function agrees(detected: string, claimed: string): boolean {
  if (detected === claimed) return true;
  return detected === 'application/xml' && (claimed === 'text/xml' || claimed.endsWith('+xml'));
}

/** The slot names this exact type (not through a wildcard), or accepts anything. */
function acceptsExplicitly(slot: AttachmentSlot | undefined, claimed: string): boolean {
  if (!slot) return false;
  if (slot.accepts === undefined) return true;
  const patterns = typeof slot.accepts === 'string' ? [slot.accepts] : slot.accepts;
  return patterns.some((pattern) => {
    const essence = mimeEssence(pattern);
    return essence === claimed || essence === '*/*';
  });
}

/**
 * Null when the content may be stored under `claimedType` in `slot`; else a
 * sentence for the client's `contentType` field error.
 */
export async function sniffContentType(
  firstBytes: Uint8Array,
  claimedType: string,
  slot: AttachmentSlot | undefined,
): Promise<string | null> {
  const claimed = mimeEssence(claimedType) ?? claimedType.toLowerCase();
  const detected = await fileTypeFromBuffer(firstBytes);
  if (detected) {
    if (claimed !== OPAQUE && !agrees(detected.mime, claimed)) return `looks like ${detected.mime}, not ${claimed}`;
    // XML says nothing of its vocabulary: XHTML or SVG with scripts is as much `application/xml` as a feed.
    // Like the text formats, it passes only where the slot lists the claimed type, never through `text/*`.
    if (detected.mime === 'application/xml' && claimed !== OPAQUE && !acceptsExplicitly(slot, claimed)) {
      return `cannot be verified as ${claimed}: the slot must list it explicitly`;
    }
    return null;
  }
  if (supportedMimeTypes.has(claimed)) return `does not look like ${claimed}`;
  if (!acceptsExplicitly(slot, claimed)) {
    return `cannot be verified as ${claimed}: the slot must list it explicitly`;
  }
  return null;
}
