/**
 * Reads an image once with sharp (libvips): its size as displayed (EXIF
 * orientation applied), a ThumbHash placeholder, and the requested variants
 * (each resized to fit a square of `size` px, never enlarged). Pure: bytes
 * in, bytes out; processAssetImages.ts stores the results.
 */

/** A variant of an image slot: `thumb: { size: 128 }` is a 128 px WebP on its long side. */
import { loadSharp } from './loadSharp';

export interface VariantSpec {
  /** Longest side in pixels. */
  size: number;
  /** Output format (default `webp`). */
  format?: 'webp' | 'avif' | 'jpeg' | 'png';
  /** Encoder quality, 1-100 (sharp's default per format when omitted). */
  quality?: number;
}

export interface MadeVariant {
  data: Buffer;
  width: number;
  height: number;
  contentType: string;
}

export interface ImageAnalysis {
  width: number;
  height: number;
  /** Base64 ThumbHash: decode it in the browser (thumbhash's `thumbHashToDataURL`) for a blurred preview. */
  placeholder: string;
  variants: Record<string, MadeVariant>;
}

/** Pixels an image may have (decompression bombs): 100 megapixels, a large camera photo is 50. */
export const MAX_IMAGE_PIXELS = 100_000_000;

export async function analyzeImage(
  input: Buffer,
  variants: Readonly<Record<string, VariantSpec>>,
): Promise<ImageAnalysis> {
  // Loaded on first use: libvips is native and large, and most processes never touch an image.
  const [sharp, { rgbaToThumbHash }] = await Promise.all([loadSharp(), import('thumbhash')]);
  // `autoOrient`: a portrait photo stored sideways with an EXIF flag comes out upright everywhere below.
  const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
  const metadata = await image.metadata();
  const made: Record<string, MadeVariant> = {};
  for (const [name, spec] of Object.entries(variants)) {
    const format = spec.format ?? 'webp';
    const { data, info } = await image
      .clone()
      .resize(spec.size, spec.size, { fit: 'inside', withoutEnlargement: true })
      .toFormat(format, spec.quality ? { quality: spec.quality } : {})
      .toBuffer({ resolveWithObject: true });
    made[name] = { data, width: info.width, height: info.height, contentType: `image/${format}` };
  }
  // ThumbHash wants RGBA at most 100 x 100.
  const small = await image
    .clone()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
  return {
    width: metadata.autoOrient?.width ?? metadata.width ?? 0,
    height: metadata.autoOrient?.height ?? metadata.height ?? 0,
    placeholder: Buffer.from(hash).toString('base64'),
    variants: made,
  };
}
