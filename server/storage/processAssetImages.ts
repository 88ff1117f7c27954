/**
 * The image job's work for one asset (the app's `asset-images` job calls it
 * after confirm; `npm run assets:variants` backfills): reads a ready image,
 * records its size and a ThumbHash placeholder, and makes the variants its
 * slot declares (`hasOneAttached({ variants: { thumb: { size: 128 } } })`),
 * stored beside the original (`<key>.thumb.webp`) so they share its access
 * prefix and its public or presigned URLs.
 *
 * Not images (and SVG, which is not rasterised here) are skipped. A failure
 * (an undecodable file) throws for the job's retries; the asset stays ready
 * and usable, without width, height or variants.
 */
import { Asset } from './Asset';
import { analyzeImage } from './analyzeImage';
import { findSlot } from './attachmentSlots';
import { deleteObject, putObject, readObjectStart } from './objectStore';
import type { StoredVariant } from './tables';

/** Larger files are not analysed (they would be read whole into memory). */
export const MAX_ANALYZED_BYTES = 50 * 1024 * 1024;

/** Raster formats sharp reads; SVG is left alone (a variant would render untrusted markup). */
const RASTER = /^image\/(png|jpeg|webp|avif|gif|tiff|heic|heif)$/;

export type ImageOutcome = 'processed' | 'skipped';

/** Where a variant lives: beside its original, same prefix. */
export function variantKey(key: string, name: string, contentType: string): string {
  return `${key}.${name}.${contentType.split('/')[1]}`;
}

export async function processAssetImages(assetId: number): Promise<ImageOutcome> {
  const asset = await Asset.where({ id: assetId }).first();
  if (asset?.status !== 'ready' || !RASTER.test(asset.contentType)) return 'skipped';
  if (asset.byteSize === null || asset.byteSize > MAX_ANALYZED_BYTES) return 'skipped';
  const bytes = await readObjectStart(asset.key, asset.byteSize);
  if (!bytes) return 'skipped';
  const slotKey = typeof asset.metadata.slot === 'string' ? asset.metadata.slot : undefined;
  const specs = (slotKey ? findSlot(slotKey)?.slot.variants : undefined) ?? {};
  const analysis = await analyzeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), specs);

  const variants: Record<string, StoredVariant> = {};
  for (const [name, made] of Object.entries(analysis.variants)) {
    const key = variantKey(asset.key, name, made.contentType);
    await putObject({ key, body: made.data, contentType: made.contentType });
    variants[name] = { key, width: made.width, height: made.height, contentType: made.contentType };
  }
  // Only the same file: if cleanup removed the asset meanwhile, drop what was just written.
  const updated = await Asset.where({ id: asset.id, key: asset.key }).updateAll({
    width: analysis.width,
    height: analysis.height,
    placeholder: analysis.placeholder,
    variants,
  });
  if (updated === 0) await Promise.all(Object.values(variants).map((variant) => deleteObject(variant.key)));
  return updated === 0 ? 'skipped' : 'processed';
}
