/**
 * Where an object can be read. Public objects: a plain URL (CDN, the
 * S3-compatible endpoint, or AWS's own host). Private objects: a presigned
 * GET that expires after `privateUrlExpiry` seconds and makes the browser
 * download the file under its original name.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { storageConfig } from './configureStorage';
import { attachmentDisposition } from './contentDisposition';
import { s3Client } from './s3Client';

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/**
 * The unsigned URL of a public object: `publicUrlBase/key` when set (put a
 * CDN there), else `endpoint/bucket/key`, else the AWS S3 URL. The bucket
 * (or CDN) must allow anonymous reads of public objects; this function only
 * builds the address.
 */
export function publicObjectUrl(key: string): string {
  const { publicUrlBase, endpoint, bucket, region } = storageConfig();
  const path = encodeKey(key);
  if (publicUrlBase) return `${publicUrlBase}/${path}`;
  if (endpoint) return `${endpoint}/${bucket}/${path}`;
  // Dotted bucket names break the wildcard TLS certificate of virtual hosts: use path style for them.
  if (bucket.includes('.')) return `https://s3.${region}.amazonaws.com/${bucket}/${path}`;
  return `https://${bucket}.s3.${region}.amazonaws.com/${path}`;
}

/** A presigned GET valid `privateUrlExpiry` seconds that downloads as `filename`. No network I/O. */
export async function privateObjectUrl(key: string, filename: string): Promise<string> {
  const { bucket, privateUrlExpiry } = storageConfig();
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: attachmentDisposition(filename),
  });
  return getSignedUrl(s3Client(), command, { expiresIn: privateUrlExpiry });
}
