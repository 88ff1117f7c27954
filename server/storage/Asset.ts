/**
 * An uploaded (or server-created) file: one row of `service_assets`, one
 * object in the bucket under `key`.
 *
 * JSON: id, filename, contentType, byteSize, checksum, checksumSha256, status, access,
 * createdAt, `url`, and for analysed images width, height, placeholder and
 * `variants` (each with its own signed `url`). `key` (where the object lives), `stagingKey` (where
 * a pending upload is PUT) and `metadata`
 * (ownership: scope, slot, user) stay server-side. `url` is null until signed:
 * loading attachments signs them (`includes('logo')`), or call `withUrl()`;
 * `toJSON()` itself does no I/O.
 */
import { Model } from '../model';
import { isStorageConfigured } from './configureStorage';
import { privateObjectUrl, publicObjectUrl } from './objectUrls';
import { type AssetAccess, type AssetStatus, serviceAssets, type VariantsStatus } from './tables';

/** What an Asset looks like on the wire. */
export type AssetJson = {
  id: number;
  filename: string;
  contentType: string;
  byteSize: number | null;
  checksum: string | null;
  /** The client's base64 SHA-256 of the file, when it sent one at presign (the store verified it on upload). */
  checksumSha256: string | null;
  status: AssetStatus;
  access: AssetAccess;
  createdAt: string;
  /** Public: the plain object URL. Private: a presigned GET valid `privateUrlExpiry` s that downloads under `filename`. Null when not signed (or not uploaded yet). */
  url: string | null;
  /** Images, once the image job ran: pixel size (EXIF rotation applied); null before and for other files. */
  width: number | null;
  height: number | null;
  /** A base64 ThumbHash to draw a blurred preview while the image loads; null until analysed. */
  placeholder: string | null;
  /** The slot's variants by name (`thumb`), signed like `url`; `{}` before the job ran and for other files. */
  variants: Record<string, VariantJson>;
  /** `pending` until the image job ran, `ready` after, `failed` when it never will (then `variantsError` says why). */
  variantsStatus: VariantsStatus;
  variantsError: string | null;
};

export interface VariantJson {
  url: string | null;
  width: number;
  height: number;
  contentType: string;
}

export class Asset extends Model(serviceAssets, {
  name: 'Asset',
  hidden: ['key', 'stagingKey', 'multipart', 'metadata', 'updatedAt', 'variants'],
}) {
  #url: string | null = null;
  #variantUrls: Record<string, string> = {};

  /** The signed URL, once `withUrl()` ran (attachment loading does it). */
  get url(): string | null {
    return this.#url;
  }

  /**
   * Signs the URL of a ready asset (no network I/O: presigning is local). Pending assets keep `url: null`,
   * and so does every asset while uploads are off (no S3_* variables): the record still reads, its file
   * just has no address, where signing would refuse the whole answer with a 503.
   */
  async withUrl(): Promise<this> {
    const served = this.status === 'ready' && isStorageConfigured();
    this.#url = served ? await this.#sign(this.key, this.filename) : null;
    const variants = served ? Object.entries(this.variants ?? {}) : [];
    const signed = await Promise.all(
      variants.map(async ([name, variant]) => [
        name,
        await this.#sign(variant.key, variantFilename(this.filename, variant.key)),
      ]),
    );
    this.#variantUrls = Object.fromEntries(signed);
    return this;
  }

  #sign(key: string, filename: string): Promise<string> | string {
    return this.access === 'public' ? publicObjectUrl(key) : privateObjectUrl(key, filename);
  }

  override toJSON(): AssetJson {
    // Added to the attributes' object rather than spread into a new one: a page of logos serialises
    // each of them, and neither key can be there already (`variants` is hidden, `url` is no column).
    const json = super.toJSON() as AssetJson;
    json.url = this.#url;
    const variants = Object.entries(this.variants ?? {}).map(([name, variant]) => [
      name,
      {
        url: this.#variantUrls[name] ?? null,
        width: variant.width,
        height: variant.height,
        contentType: variant.contentType,
      },
    ]);
    json.variants = Object.fromEntries(variants);
    return json;
  }
}

/** `logo.png` + `....thumb.webp` -> `logo.thumb.webp`: what a private variant downloads as. */
function variantFilename(filename: string, variantKey: string): string {
  const suffix = variantKey.split('.').slice(-2).join('.');
  return `${filename.replace(/\.[^.]*$/, '')}.${suffix}`;
}

/** Signs the URLs of many assets (e.g. after a batch load). */
export async function signAssetUrls(assets: readonly Asset[]): Promise<void> {
  await Promise.all(assets.map((asset) => asset.withUrl()));
}
