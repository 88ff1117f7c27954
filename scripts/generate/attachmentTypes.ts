/**
 * What each file type of the scaffold becomes: a slot on the model
 * (docs/attachments.md), its label, and what the page's upload widget says.
 * `photo:image` and `contract:attachment` hold one file (`hasOneAttached`);
 * the plurals `photos:images` and `files:attachments` a list
 * (`hasManyAttached`). All are private: files download through short-lived
 * presigned URLs, so a slot needs no CDN set-up and a file of any type cannot
 * be served as a page from the bucket (a public slot must name its types:
 * server/storage/attachmentSlots.ts). Make one public, narrow its types, or
 * change its limits in the generated model.
 */
import type { AttachmentField } from './parseScaffold';
import { fieldWords } from './words';

/**
 * How many files a list slot holds. The record's `get` signs a download URL for every file (and
 * for every thumbnail) each time it loads, and the page shows them all, unpaged: a gallery of 20
 * images or 10 documents stays quick to load and to read. Attaching one more is a 422.
 */
export const MAX_IMAGES = 20;
export const MAX_ATTACHMENTS = 10;

/** The slot's declaration in the model's `attachments`. */
export function slotDeclaration(attachment: AttachmentField): string {
  // `image/*` leaves SVG out (it can carry scripts); the image job makes the 128 px WebP `thumb`
  // the page shows, and checks the header on confirm. Any other type: private files download
  // (Content-Disposition), never render from the bucket.
  const image = "accepts: 'image/*', maxSize: 5 * MiB";
  const thumb = "access: 'private', variants: { thumb: { size: 128 } }";
  switch (attachment.type) {
    case 'image':
      return `${attachment.name}: hasOneAttached({ ${image}, ${thumb} }),`;
    case 'attachment':
      return `${attachment.name}: hasOneAttached({ maxSize: 20 * MiB, access: 'private' }),`;
    case 'images':
      return `${attachment.name}: hasManyAttached({ ${image}, max: ${MAX_IMAGES}, ${thumb} }),`;
    case 'attachments':
      return `${attachment.name}: hasManyAttached({ maxSize: 20 * MiB, max: ${MAX_ATTACHMENTS}, access: 'private' }),`;
  }
}

/** An image slot: the image job makes its `thumb`, which the page waits for. */
export function isImageSlot(attachment: AttachmentField): boolean {
  return attachment.type === 'image' || attachment.type === 'images';
}

/** A list slot (`hasManyAttached`): attach appends, detach names the file. */
export function isListSlot(attachment: AttachmentField): boolean {
  return attachment.type === 'images' || attachment.type === 'attachments';
}

/** `contractFile` -> `Contract file` (headings, buttons). */
export function attachmentLabel(attachment: AttachmentField): string {
  return fieldWords(attachment.name);
}

/** The file input's `accept` and the hint beside it. The server checks the slot again on presign. */
export function pickerRules(attachment: AttachmentField): { accept: string; hint: string } {
  switch (attachment.type) {
    case 'image':
      return { accept: 'image/*', hint: 'An image (PNG, JPEG, GIF, WebP; not SVG)' };
    case 'images':
      return { accept: 'image/*', hint: 'Images (PNG, JPEG, GIF, WebP; not SVG)' };
    case 'attachment':
      return { accept: '', hint: 'Any file' };
    case 'attachments':
      return { accept: '', hint: 'Files of any type' };
  }
}
