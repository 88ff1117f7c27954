/**
 * Server-side object operations on the configured bucket: HEAD, DELETE,
 * server-side copy, reading the first bytes, and upload. Every call goes through `withStorage`, so an outage surfaces as
 * `ServiceUnavailable` (503) and nothing else has to recognise SDK errors.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Conflict } from '../controller/errors';
import { storageConfig } from './configureStorage';
import { s3Client } from './s3Client';
import { withStorage } from './storageErrors';

/**
 * Streams are uploaded in 8 MB parts, at most `UPLOAD_QUEUE_SIZE` in flight,
 * so memory stays near 16 MB whatever the body's length (a 1 GB stream never
 * sits in memory). S3 allows 10,000 parts: 8 MB parts cap one object at ~78 GB.
 */
export const UPLOAD_PART_SIZE = 8 * 1024 * 1024;
export const UPLOAD_QUEUE_SIZE = 2;

export interface ObjectHead {
  byteSize: number;
  contentType: string | undefined;
  /** The store's ETag without quotes (an MD5 for single-part uploads, `<md5>-<parts>` for multipart). */
  etag: string | undefined;
}

export type ObjectBody = Buffer | Uint8Array | Readable | ReadableStream<Uint8Array> | WebReadableStream<Uint8Array>;

export interface PutObjectInput {
  key: string;
  body: ObjectBody;
  contentType: string;
  /**
   * Expected length. For a buffer it must match; for a stream a longer body
   * is aborted as soon as it passes this size, a shorter one is deleted
   * after upload, and either throws a RangeError.
   */
  byteSize?: number;
  /** Streams only: called with the bytes stored so far after each part (progress logs, bars). */
  onProgress?: (uploadedBytes: number) => void;
}

function unquote(etag: string | undefined): string | undefined {
  return etag?.replace(/^"|"$/g, '');
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** The object's size, type and ETag, or null when there is no such object. */
export async function headObject(key: string): Promise<ObjectHead | null> {
  const { bucket } = storageConfig();
  return withStorage(async () => {
    try {
      const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { byteSize: head.ContentLength ?? 0, contentType: head.ContentType, etag: unquote(head.ETag) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  });
}

/** Deletes the object. Deleting a missing key succeeds (S3 semantics), so retries are safe. */
export async function deleteObject(key: string): Promise<void> {
  const { bucket } = storageConfig();
  await withStorage(() => s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
}

/**
 * Copies an object inside the bucket without the bytes passing through the
 * app (metadata, Content-Type included, is copied too). Returns the new
 * object's ETag. S3 copies objects up to 5 GB in one call. With `ifMatch`
 * the store copies only while the source still has that ETag (`Conflict`
 * otherwise); some S3-compatible stores ignore the condition, so a caller
 * that must know compares the returned ETag too.
 */
export async function copyObject(
  sourceKey: string,
  targetKey: string,
  options: { ifMatch?: string } = {},
): Promise<{ etag: string | undefined }> {
  const { bucket } = storageConfig();
  const source = `${bucket}/${sourceKey.split('/').map(encodeURIComponent).join('/')}`;
  const result = await withStorage(() =>
    s3Client()
      .send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: targetKey,
          CopySource: source,
          ...(options.ifMatch ? { CopySourceIfMatch: `"${options.ifMatch}"` } : {}),
        }),
      )
      .catch(changedToConflict),
  );
  return { etag: unquote(result.CopyObjectResult?.ETag) };
}

/** A failed precondition (412): the object changed since its ETag was read. */
function changedToConflict(error: unknown): never {
  if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412) throw changed();
  throw error;
}

const changed = () => new Conflict('The stored object changed while it was read; try again');

/**
 * The object's first `length` bytes (fewer for a shorter object; empty for an empty one), or null when it is missing.
 * With `ifMatch` the bytes are those of the object with that ETag or a `Conflict`: the store is asked for them
 * (`If-Match`) and the ETag it answers with is compared, for stores that ignore the condition.
 */
export async function readObjectStart(
  key: string,
  length: number,
  options: { ifMatch?: string } = {},
): Promise<Uint8Array | null> {
  const { bucket } = storageConfig();
  return withStorage(async () => {
    try {
      const result = await s3Client().send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          Range: `bytes=0-${Math.max(length, 1) - 1}`,
          ...(options.ifMatch ? { IfMatch: `"${options.ifMatch}"` } : {}),
        }),
      );
      if (options.ifMatch && unquote(result.ETag) !== options.ifMatch) throw changed();
      return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isNotFound(error)) return null;
      // A range on an empty object is unsatisfiable (416): there are no bytes to read.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) {
        return new Uint8Array();
      }
      return changedToConflict(error);
    }
  });
}

function isBytes(body: ObjectBody): body is Buffer | Uint8Array {
  return body instanceof Uint8Array;
}

interface StreamState {
  bytes: number;
  /** Set when the body itself failed (or ran past `byteSize`): that, not the SDK's follow-up error, is the cause. */
  failure?: unknown;
}

/** Passes the stream through, counting bytes and stopping as soon as it exceeds `limit`. */
async function* counted(
  source: AsyncIterable<Uint8Array | string>,
  state: StreamState,
  limit: number | undefined,
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) {
      const buffer =
        typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      state.bytes += buffer.byteLength;
      if (limit !== undefined && state.bytes > limit) {
        throw new RangeError(`Stream is longer than the declared byteSize (${limit} bytes)`);
      }
      yield buffer;
    }
  } catch (error) {
    state.failure = error;
    throw error;
  }
}

function assertByteSize(byteSize: number | undefined): void {
  if (byteSize !== undefined && (!Number.isSafeInteger(byteSize) || byteSize < 0)) {
    throw new RangeError(`byteSize must be a non-negative integer, got ${byteSize}`);
  }
}

/**
 * Uploads an object from the server. Buffers go in one PutObject; streams
 * (Node or web) go through lib-storage's multipart `Upload` with bounded
 * memory, and an upload that fails half-way is aborted (no stray parts).
 */
export async function putObject(input: PutObjectInput): Promise<{ byteSize: number; etag?: string }> {
  const { key, body, contentType, byteSize, onProgress } = input;
  assertByteSize(byteSize);
  const { bucket } = storageConfig();

  if (isBytes(body)) {
    if (byteSize !== undefined && byteSize !== body.byteLength) {
      throw new RangeError(`byteSize ${byteSize} does not match the body's ${body.byteLength} bytes`);
    }
    const result = await withStorage(() =>
      s3Client().send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      ),
    );
    const etag = unquote(result.ETag);
    return { byteSize: body.byteLength, ...(etag ? { etag } : {}) };
  }

  const state: StreamState = { bytes: 0 };
  // Node streams and web streams are both async-iterable on Node >= 18.
  const source = body as AsyncIterable<Uint8Array | string>;
  const upload = new Upload({
    client: s3Client(),
    params: {
      Bucket: bucket,
      Key: key,
      Body: Readable.from(counted(source, state, byteSize)),
      ContentType: contentType,
    },
    partSize: UPLOAD_PART_SIZE,
    queueSize: UPLOAD_QUEUE_SIZE,
    leavePartsOnError: false,
  });
  if (onProgress) upload.on('httpUploadProgress', ({ loaded }) => loaded !== undefined && onProgress(loaded));
  const result = await withStorage(() => upload.done()).catch((error: unknown) => {
    // lib-storage aborts the multipart upload after a body error; if that
    // abort fails too, its error would hide the real cause.
    throw state.failure ?? error;
  });
  if (byteSize !== undefined && state.bytes !== byteSize) {
    await deleteObject(key);
    throw new RangeError(`Stream ended after ${state.bytes} bytes, ${byteSize} were declared`);
  }
  const etag = unquote(result.ETag);
  return { byteSize: state.bytes, ...(etag ? { etag } : {}) };
}
