/**
 * What each file type of the scaffold (`photo:image`, `contract:attachment`)
 * becomes: a has-one slot on the model (docs/attachments.md), its label, and
 * what the page's upload widget says. Both are private: files download
 * through short-lived presigned URLs, so a slot needs no CDN set-up and a
 * file of any type cannot be served as a page from the bucket (a public slot
 * must name its types: server/storage/attachmentSlots.ts). Make one public,
 * or narrow its types, in the generated model.
 */
import type { AttachmentField } from './parseScaffold';

/** The slot's declaration in the model's `attachments`. */
export function slotDeclaration(attachment: AttachmentField): string {
  switch (attachment.type) {
    case 'image':
      // `image/*` leaves SVG out (it can carry scripts); the image job makes the 128 px WebP `thumb`
      // the page shows, and checks the header on confirm.
      return `${attachment.name}: hasOneAttached({ accepts: 'image/*', maxSize: 5 * MiB, access: 'private', variants: { thumb: { size: 128 } } }),`;
    case 'attachment':
      // Any type: private files download (Content-Disposition), never render from the bucket.
      return `${attachment.name}: hasOneAttached({ maxSize: 20 * MiB, access: 'private' }),`;
  }
}

/** An image slot: the image job makes its `thumb`, which the page waits for. */
export function isImageSlot(attachment: AttachmentField): boolean {
  return attachment.type === 'image';
}

/** `contractFile` -> `Contract file` (headings, buttons). */
export function attachmentLabel(attachment: AttachmentField): string {
  return attachment.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/** The file input's `accept` and the hint beside it. The server checks the slot again on presign. */
export function pickerRules(attachment: AttachmentField): { accept: string; hint: string } {
  switch (attachment.type) {
    case 'image':
      return { accept: 'image/*', hint: 'An image (PNG, JPEG, GIF, WebP; not SVG)' };
    case 'attachment':
      return { accept: '', hint: 'Any file' };
  }
}
