/**
 * An uploaded (or server-created) file: one row of `service_assets`, one
 * object in the bucket under `key`.
 *
 * JSON: id, filename, contentType, byteSize, checksum, checksumSha256, status, access,
 * createdAt and `url`. `key` (where the object lives), `stagingKey` (where
 * a pending upload is PUT) and `metadata`
 * (ownership: scope, slot, user) stay server-side. `url` is null until signed:
 * loading attachments signs them (`includes('logo')`), or call `withUrl()`;
 * `toJSON()` itself does no I/O.
 */
import { Model } from '../model';
import { privateObjectUrl, publicObjectUrl } from './objectUrls';
import { type AssetAccess, type AssetStatus, serviceAssets } from './tables';

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
};

export class Asset extends Model(serviceAssets, {
  name: 'Asset',
  hidden: ['key', 'stagingKey', 'multipart', 'metadata', 'updatedAt'],
}) {
  #url: string | null = null;

  /** The signed URL, once `withUrl()` ran (attachment loading does it). */
  get url(): string | null {
    return this.#url;
  }

  /** Signs the URL of a ready asset (no network I/O: presigning is local). Pending assets keep `url: null`. */
  async withUrl(): Promise<this> {
    if (this.status !== 'ready') this.#url = null;
    else if (this.access === 'public') this.#url = publicObjectUrl(this.key);
    else this.#url = await privateObjectUrl(this.key, this.filename);
    return this;
  }

  override toJSON(): AssetJson {
    return { ...(super.toJSON() as Omit<AssetJson, 'url'>), url: this.#url };
  }
}

/** Signs the URLs of many assets (e.g. after a batch load). */
export async function signAssetUrls(assets: readonly Asset[]): Promise<void> {
  await Promise.all(assets.map((asset) => asset.withUrl()));
}
