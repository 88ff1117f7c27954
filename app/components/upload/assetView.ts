/**
 * An attached file as the pages show it, read from a record's slot in its
 * JSON (a `hasOneAttached` slot's object, or one of a `hasManyAttached`
 * slot's list; the typed client types nested records loosely:
 * `{ id, [attribute]: unknown }`).
 */
export interface AssetView {
  id: number;
  filename: string;
  contentType: string;
  byteSize: number | null;
  /** Public: a plain URL. Private: a short-lived presigned download link. */
  url: string | null;
  /** The `thumb` variant's URL once the image job made it (docs/jobs.md), else null. */
  thumbUrl: string | null;
  /** The image job has not run yet (`variantsStatus: 'pending'`): a thumbnail may still come. */
  variantsPending: boolean;
}

export function toAssetView(record: { id: number; [attribute: string]: unknown }): AssetView {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: record.id,
    filename: text(record.filename),
    contentType: text(record.contentType),
    byteSize: typeof record.byteSize === 'number' ? record.byteSize : null,
    url: typeof record.url === 'string' ? record.url : null,
    thumbUrl: variantUrl(record.variants, 'thumb'),
    variantsPending: record.variantsStatus === 'pending',
  };
}

/**
 * Whether a file in these slots (each an asset, a list of assets, or nothing, as in the record's JSON)
 * still waits for the image job. A page asks for the record again while one does (TanStack Query's
 * `refetchInterval: (query) => (variantsPending(query.state.data?.photo) ? 2_000 : false)`), so the
 * thumbnail appears without a reload, and stops once each is `ready` or `failed` (the original stays).
 */
export function variantsPending(...slots: unknown[]): boolean {
  return slots
    .flatMap((slot) => (Array.isArray(slot) ? slot : [slot]))
    .some(
      (asset) =>
        typeof asset === 'object' && asset !== null && 'variantsStatus' in asset && asset.variantsStatus === 'pending',
    );
}

function variantUrl(variants: unknown, name: string): string | null {
  if (typeof variants !== 'object' || variants === null) return null;
  const variant = (variants as Record<string, { url?: unknown } | undefined>)[name];
  return typeof variant?.url === 'string' ? variant.url : null;
}
