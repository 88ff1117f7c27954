/**
 * The store's side of a browser multipart upload: create, presign a part's
 * PUT, complete, abort. Large files go up in parts to a staging key, then
 * are confirmed like a single PUT (multipartUpload.ts).
 *
 * s3rver implements create, UploadPart and complete but not abort (405):
 * `abortMultipart` reports a refusal instead of throwing, so cancel and
 * cleanup still remove the row; a real store drops the parts. It lacks
 * ListParts too; server/testing/s3rverListParts.ts adds it to the s3rver the
 * app starts.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { BadRequest } from '../controller/errors';
import { MiB } from '../shared/byteSizes';
import { storageConfig } from './configureStorage';
import { s3Client } from './s3Client';
import { withStorage } from './storageErrors';

/** S3 refuses parts under 5 MiB except the last (s3rver does not check). */
const MIN_PART_SIZE = 5 * MiB;
/** S3 allows at most 10,000 parts per upload. */
export const MAX_PARTS = 10_000;

/** Parts of at least 5 MiB, in whole MiB, few enough for S3's 10,000-part limit. */
export function partSizeFor(byteSize: number): number {
  const needed = Math.ceil(byteSize / MAX_PARTS);
  return Math.max(MIN_PART_SIZE, Math.ceil(needed / MiB) * MiB);
}

/** Bytes of part `partNumber` (1-based): `partSize`, or the remainder for the last. */
export function partLength(byteSize: number, partSize: number, partNumber: number): number {
  return Math.min(partSize, byteSize - (partNumber - 1) * partSize);
}

export async function createMultipart(key: string, contentType: string): Promise<string> {
  const { bucket } = storageConfig();
  const result = await withStorage(() =>
    s3Client().send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType })),
  );
  if (!result.UploadId) throw new Error('The store started a multipart upload without an upload id');
  return result.UploadId;
}

/** A presigned PUT of exactly `byteSize` bytes as part `partNumber`. No network I/O. */
export async function presignPart(
  key: string,
  uploadId: string,
  partNumber: number,
  byteSize: number,
): Promise<{ url: string; expiresAt: string }> {
  const { bucket, uploadUrlExpiry } = storageConfig();
  const signingDate = new Date();
  const command = new UploadPartCommand({
    Bucket: bucket,
    Key: key,
    UploadId: uploadId,
    PartNumber: partNumber,
    ContentLength: byteSize,
  });
  const url = await getSignedUrl(s3Client(), command, {
    expiresIn: uploadUrlExpiry,
    signingDate,
    signableHeaders: new Set(['content-length']),
  });
  return { url, expiresAt: new Date(signingDate.getTime() + uploadUrlExpiry * 1000).toISOString() };
}

export interface StoredPart {
  partNumber: number;
  etag: string;
  byteSize: number;
}

/** The parts the store holds for the upload, every page of them (S3 answers at most 1,000 at a time). */
export async function listMultipartParts(key: string, uploadId: string): Promise<StoredPart[]> {
  const { bucket } = storageConfig();
  const parts: StoredPart[] = [];
  let marker: string | undefined;
  try {
    do {
      const page = await withStorage(() =>
        s3Client().send(
          new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        ),
      );
      for (const part of page.Parts ?? []) {
        parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', byteSize: part.Size ?? -1 });
      }
      // Only a truncated page promises more; a marker that did not move would loop forever.
      const next = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      marker = next && next !== marker ? next : undefined;
    } while (marker);
  } catch (error) {
    throw completionRefusal(error) ?? error;
  }
  return parts;
}

export async function completeMultipart(
  key: string,
  uploadId: string,
  parts: ReadonlyArray<{ partNumber: number; etag: string }>,
): Promise<void> {
  const { bucket } = storageConfig();
  try {
    await withStorage(() =>
      s3Client().send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map(({ partNumber, etag }) => ({ PartNumber: partNumber, ETag: etag })) },
        }),
      ),
    );
  } catch (error) {
    throw completionRefusal(error) ?? error;
  }
}

/**
 * The store's 4xx refusals of a completion (or of the listing before it), as the client's 400: the ETags
 * come from the client (record-part), so a wrong one is its mistake, and an upload the store dropped
 * (aborted, expired) cannot be completed again. Unconverted, both reached the error serialiser as a 500.
 * The parts were listed and compared first, so InvalidPart here means they changed in between.
 */
function completionRefusal(error: unknown): BadRequest | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall') {
    return new BadRequest('The store refused the uploaded parts', {
      parts: ['do not match what the store received: send the parts again and record their ETags, or cancel'],
    });
  }
  if (name === 'NoSuchUpload') {
    return new BadRequest('The store no longer has this upload', {
      assetId: ['names an upload the store has dropped: cancel it and upload the file again'],
    });
  }
  return undefined;
}

/** Drops the upload's parts. Returns false when the store does not implement it (s3rver) or the upload is gone. */
export async function abortMultipart(key: string, uploadId: string): Promise<boolean> {
  const { bucket } = storageConfig();
  try {
    await s3Client().send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    // 404 NoSuchUpload (already completed or aborted), 405/501 (not implemented): nothing more to do here.
    if (status === 404 || status === 405 || status === 501) return false;
    return withStorage(() => Promise.reject(error));
  }
}
