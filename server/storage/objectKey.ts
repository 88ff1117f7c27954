/**
 * Storage keys are made on the server, never taken from the client: 128 bits
 * from the system CSPRNG, so a key cannot be guessed or enumerated. The
 * extension (for people browsing the bucket, and for CDNs and static hosts
 * that pick a type from it) follows the object's Content-Type, never the
 * filename alone: `logo.png.html` uploaded as image/png is stored as `.png`,
 * or a host that trusts extensions would serve an image as an HTML page.
 * The filename's own extension is kept when it is one of the type's
 * (`photo.jpeg` as image/jpeg stays `.jpeg`); a type with none known gets none.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { extensions } from 'mime-types';
import { mimeEssence } from '../shared/mimeMatches';
import type { AssetAccess } from './tables';

/**
 * Top-level folder of each access level's objects, so one bucket policy (or
 * an R2 public-access rule, or a CDN origin path) can make `public/` readable
 * without touching `private/`. Assets made before these prefixes live under
 * `uploads/` and keep their keys.
 */
export const OBJECT_KEY_PREFIXES: Readonly<Record<AssetAccess, string>> = Object.freeze({
  public: 'public',
  private: 'private',
});

/**
 * Where browsers PUT before confirm. Nothing is ever served from here, and a
 * bucket lifecycle rule on this prefix expires what confirm and cleanup
 * missed (a PUT that arrives after its row was cleaned up).
 */
export const STAGING_KEY_PREFIX = 'staging';

/** `photo.PNG` -> `.png`; anything but 1-10 ASCII letters/digits -> no extension. */
export function sanitizeExtension(filename: string): string {
  // Only the last path segment counts, whichever separator the client used.
  const base = path.posix.basename(filename.normalize('NFKC').replaceAll('\\', '/'));
  const extension = path.posix.extname(base).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? `.${extension}` : '';
}

/** The key's extension: the filename's when it is one of `contentType`'s, else the type's first, else none. */
export function objectExtension(filename: string, contentType: string): string {
  const essence = mimeEssence(contentType);
  const known = essence && Object.hasOwn(extensions, essence) ? (extensions[essence] ?? []) : [];
  const given = sanitizeExtension(filename);
  if (given && known.includes(given.slice(1))) return given;
  return known[0] ? `.${known[0]}` : '';
}

/**
 * A new key such as `public/2026/11/3f2a...c9.png`, under the access level's
 * prefix. Hex, not base64, so keys never differ only by case
 * (case-insensitive file systems under s3rver or a sync tool would merge them).
 */
export function generateObjectKey(filename: string, contentType: string, access: AssetAccess): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const random = randomBytes(16).toString('hex');
  const extension = objectExtension(filename, contentType);
  return `${OBJECT_KEY_PREFIXES[access]}/${now.getUTCFullYear()}/${month}/${random}${extension}`;
}

/**
 * A new staging key such as `staging/9b1e...04`: no date (its life is minutes)
 * and no extension (nothing is served from it). 128 random bits, so one
 * upload URL cannot be turned into another's.
 */
export function generateStagingKey(): string {
  return `${STAGING_KEY_PREFIX}/${randomBytes(16).toString('hex')}`;
}
