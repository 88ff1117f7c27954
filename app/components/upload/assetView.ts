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
  };
}

function variantUrl(variants: unknown, name: string): string | null {
  if (typeof variants !== 'object' || variants === null) return null;
  const variant = (variants as Record<string, { url?: unknown } | undefined>)[name];
  return typeof variant?.url === 'string' ? variant.url : null;
}
