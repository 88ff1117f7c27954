/**
 * Presigned PUT URLs for direct browser uploads. The URL signs the object's
 * Content-Type and Content-Length, so a real S3-compatible store refuses an
 * upload of another type or size than the one presigned (s3rver does not
 * check signatures: confirm still HEADs the object and compares).
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { storageConfig } from './configureStorage';
import { s3Client } from './s3Client';

export interface PresignUploadInput {
  key: string;
  contentType: string;
  byteSize: number;
}

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the client must send. Content-Length is signed too, but browsers set it from the body. */
  headers: { 'Content-Type': string };
  /** ISO time after which the store refuses the URL (`uploadUrlExpiry` seconds from now). */
  expiresAt: string;
}

/** Signs a PUT of exactly `byteSize` bytes of `contentType` to `key`. No network I/O. */
export async function presignUpload({ key, contentType, byteSize }: PresignUploadInput): Promise<PresignedUpload> {
  if (!Number.isSafeInteger(byteSize) || byteSize < 0) {
    throw new RangeError(`byteSize must be a non-negative integer, got ${byteSize}`);
  }
  const { bucket, uploadUrlExpiry } = storageConfig();
  const signingDate = new Date();
  const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: byteSize });
  const url = await getSignedUrl(s3Client(), command, {
    expiresIn: uploadUrlExpiry,
    signingDate,
    // The presigner leaves these unsigned unless told; `host` is always signed.
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return {
    url,
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    expiresAt: new Date(signingDate.getTime() + uploadUrlExpiry * 1000).toISOString(),
  };
}
