/**
 * The image job's work for one asset (the app's `asset-images` job calls it
 * after confirm; `npm run assets:variants` backfills): reads a ready image,
 * records its size and a ThumbHash placeholder, and makes the variants its
 * slot declares (`hasOneAttached({ variants: { thumb: { size: 128 } } })`),
 * stored beside the original (`<key>.thumb.webp`) so they share its access
 * prefix and its public or presigned URLs.
 *
 * Not images (and SVG, which is not rasterised here) are skipped and marked
 * `variantsStatus: 'ready'` (nothing to make). A file libvips cannot decode
 * throws a `PermanentJobError` (retrying the same bytes cannot help) and a
 * file over the size limit is marked `failed` at once; storage or database
 * errors throw for the job's retries. The job's `onFailure` then marks the
 * asset (`markVariantsFailed`), which stays ready and usable without width,
 * height or variants: pages stop waiting and show the original.
 */
import { PermanentJobError } from '../jobs/PermanentJobError';
import { formatBytes, MiB } from '../shared/byteSizes';
import { truncateText } from '../shared/storableText';
import { Asset } from './Asset';
import { analyzeImage } from './analyzeImage';
import { findSlot } from './attachmentSlots';
import { RASTER_IMAGE } from './imageHeaderProblem';
import { deleteObject, putObject, readObjectStart } from './objectStore';
import type { StoredVariant } from './tables';

/** Larger files are not analysed (they would be read whole into memory). */
export const MAX_ANALYZED_BYTES = 50 * MiB;

export type ImageOutcome = 'processed' | 'skipped' | 'failed';

/** Records why the image job gave up on an asset (`variantsStatus: 'failed'`); the job's onFailure calls it. */
export async function markVariantsFailed(assetId: number, reason: string): Promise<void> {
  await Asset.where({ id: assetId }).updateAll({ variantsStatus: 'failed', variantsError: truncateText(reason, 500) });
}

/** Where a variant lives: beside its original, same prefix. */
export function variantKey(key: string, name: string, contentType: string): string {
  return `${key}.${name}.${contentType.split('/')[1]}`;
}

export async function processAssetImages(assetId: number): Promise<ImageOutcome> {
  const asset = await Asset.where({ id: assetId }).first();
  if (asset?.status !== 'ready') return 'skipped';
  if (!RASTER_IMAGE.test(asset.contentType)) {
    await Asset.where({ id: asset.id }).updateAll({ variantsStatus: 'ready', variantsError: null });
    return 'skipped';
  }
  if (asset.byteSize === null || asset.byteSize > MAX_ANALYZED_BYTES) {
    await markVariantsFailed(
      asset.id,
      `${asset.filename} is larger than ${formatBytes(MAX_ANALYZED_BYTES)}: no preview is made`,
    );
    return 'failed';
  }
  const bytes = await readObjectStart(asset.key, asset.byteSize);
  if (!bytes) return 'skipped';
  const slotKey = typeof asset.metadata.slot === 'string' ? asset.metadata.slot : undefined;
  const specs = (slotKey ? findSlot(slotKey)?.slot.variants : undefined) ?? {};
  let analysis: Awaited<ReturnType<typeof analyzeImage>>;
  try {
    analysis = await analyzeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), specs);
  } catch (error) {
    // libvips refused these bytes (corrupt, truncated, too many pixels): they will not decode on a retry either.
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new PermanentJobError(`${asset.filename} could not be read as an image (${detail})`);
  }

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
    variantsStatus: 'ready',
    variantsError: null,
  });
  if (updated === 0) await Promise.all(Object.values(variants).map((variant) => deleteObject(variant.key)));
  return updated === 0 ? 'skipped' : 'processed';
}
