/**
 * Presigned PUT URLs for direct browser uploads. The URL signs the object's
 * Content-Type and Content-Length, so a real S3-compatible store refuses an
 * upload of another type or size than the one presigned (s3rver does not
 * check signatures: confirm still HEADs the object and compares).
 *
 * With the client's SHA-256 of the file (`checksumSha256`, base64 as S3
 * spells it), the URL also signs `x-amz-checksum-sha256`: the store then
 * refuses bytes that do not hash to it (a corrupted or swapped body), and the
 * client must send that header with exactly that value. It stays a header
 * (not hoisted into the query string) because stores check the header.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { storageConfig } from './configureStorage';
import { s3Client } from './s3Client';

export interface PresignUploadInput {
  key: string;
  contentType: string;
  byteSize: number;
  /** Base64 SHA-256 of the whole file, when the client computed it. */
  checksumSha256?: string;
}

/** The headers the client sends with the PUT (Content-Length aside, which the browser sets). */
export type UploadHeaders = { 'Content-Type': string; 'x-amz-checksum-sha256'?: string };

/** A base64 SHA-256 digest: 32 bytes, 44 characters with one `=`. */
export const SHA256_BASE64_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the client must send. Content-Length is signed too, but browsers set it from the body. */
  headers: UploadHeaders;
  /** ISO time after which the store refuses the URL (`uploadUrlExpiry` seconds from now). */
  expiresAt: string;
}

/** Signs a PUT of exactly `byteSize` bytes of `contentType` to `key`. No network I/O. */
export async function presignUpload({
  key,
  contentType,
  byteSize,
  checksumSha256,
}: PresignUploadInput): Promise<PresignedUpload> {
  if (!Number.isSafeInteger(byteSize) || byteSize < 0) {
    throw new RangeError(`byteSize must be a non-negative integer, got ${byteSize}`);
  }
  if (checksumSha256 !== undefined && !SHA256_BASE64_PATTERN.test(checksumSha256)) {
    throw new RangeError('checksumSha256 must be a base64 SHA-256 digest (44 characters)');
  }
  const { bucket, uploadUrlExpiry } = storageConfig();
  const signingDate = new Date();
  const command = new PutObjectCommand({
    Bucket: bucket,
    Key: key,
    ContentType: contentType,
    ContentLength: byteSize,
    ...(checksumSha256 ? { ChecksumSHA256: checksumSha256 } : {}),
  });
  const checksumHeader = checksumSha256 ? ['x-amz-checksum-sha256'] : [];
  const url = await getSignedUrl(s3Client(), command, {
    expiresIn: uploadUrlExpiry,
    signingDate,
    // The presigner leaves these unsigned unless told; `host` is always signed.
    signableHeaders: new Set(['content-type', 'content-length', ...checksumHeader]),
    // x-amz-* headers are moved into the query string unless listed here.
    unhoistableHeaders: new Set(checksumHeader),
  });
  return {
    url,
    method: 'PUT',
    headers: { 'Content-Type': contentType, ...(checksumSha256 ? { 'x-amz-checksum-sha256': checksumSha256 } : {}) },
    expiresAt: new Date(signingDate.getTime() + uploadUrlExpiry * 1000).toISOString(),
  };
}
