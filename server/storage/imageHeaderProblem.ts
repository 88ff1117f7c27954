/**
 * Can libvips read this image's header? confirm asks it for uploads to image
 * slots: the magic bytes only say "PNG"; a file with a PNG signature and a
 * corrupt or missing header (a truncated upload, a renamed file) would pass
 * the sniff and then fail every thumbnail attempt. Reading the header
 * (`sharp(...).metadata()`, no pixels decoded) refuses it at confirm
 * instead, while the uploader is still there to see the error.
 */

import { loadSharp } from './loadSharp';

/** How much of the file confirm reads for the header: JPEG's EXIF and ICC blocks come before the frame header. */
export const IMAGE_HEADER_BYTES = 1024 * 1024;

/** Raster types sharp reads; SVG is not rasterised here (a variant would render untrusted markup). */
export const RASTER_IMAGE = /^image\/(png|jpeg|webp|avif|gif|tiff|heic|heif)$/;

/** A slot whose every accepted type is an image (`accepts: 'image/*'`); a slot accepting anything is not one. */
export function isImageSlot(accepts: string | readonly string[] | undefined): boolean {
  if (accepts === undefined) return false;
  const patterns = typeof accepts === 'string' ? [accepts] : accepts;
  return patterns.length > 0 && patterns.every((pattern) => pattern.trim().toLowerCase().startsWith('image/'));
}

/**
 * Null when the header reads as an image, else why not (a phrase for the
 * client's field error). `complete`: `bytes` is the whole file; a header that
 * fails to read in a larger file's first megabyte is given the benefit of
 * the doubt (the image job reports it then).
 */
export async function imageHeaderProblem(bytes: Uint8Array, complete: boolean): Promise<string | null> {
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(bytes, { failOn: 'error' }).metadata();
    if (!metadata.width || !metadata.height) return 'has no image size in its header';
    return null;
  } catch (error) {
    if (!complete) return null;
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `cannot be read as an image (${detail})`;
  }
}
