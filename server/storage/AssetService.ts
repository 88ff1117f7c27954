/**
 * Files the server creates itself (generated reports, imported images,
 * exports): `AssetService.createFromService({ filename, contentType, buffer
 * | stream, access, metadata? })` uploads the bytes and returns a ready Asset
 * with its id and signed URL, to attach with `record.attach(slot, asset.id)`
 * or keep by id.
 *
 * Object first, then row: if the row cannot be written the object is
 * deleted, so a failure leaves nothing behind. Streams are uploaded in parts
 * with bounded memory (objectStore.ts). Such assets are never removed by
 * `runAssetCleanup` until they have been attached and detached.
 *
 * Call it outside a database transaction (or accept that a rollback of the
 * caller's transaction leaves an object without a row): storage is not part
 * of the transaction.
 */
import type { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { afterCommit } from '../model';
import { MIME_TYPE_PATTERN } from '../shared/mimeMatches';
import { Asset } from './Asset';
import { MAX_BYTE_SIZE } from './attachmentSlots';
import { generateObjectKey } from './objectKey';
import { deleteObject, putObject } from './objectStore';
import { announceAssetReady } from './onAssetReady';
import { sanitizeFilename } from './sanitizeFilename';
import type { AssetAccess, AssetMetadata } from './tables';

interface CommonInput {
  filename: string;
  contentType: string;
  access: AssetAccess;
  /** Stored on the asset, e.g. `{ scope: { teamId: 1 } }` so `attach` accepts it only for that team's records. */
  metadata?: AssetMetadata;
}

export type CreateFromServiceInput = CommonInput &
  (
    | { buffer: Buffer | Uint8Array; stream?: undefined }
    | {
        stream: Readable | ReadableStream<Uint8Array> | WebReadableStream<Uint8Array>;
        buffer?: undefined;
        /** Expected length, when known: a stream of another length is refused (and nothing kept). */
        byteSize?: number;
      }
  );

function assertInput(input: CreateFromServiceInput): void {
  const body = [input.buffer, input.stream].filter((value) => value !== undefined);
  if (body.length !== 1) throw new TypeError('createFromService: pass exactly one of `buffer` or `stream`.');
  if (input.access !== 'public' && input.access !== 'private') {
    throw new TypeError(`createFromService: access must be 'public' or 'private' (got ${String(input.access)}).`);
  }
  if (
    typeof input.contentType !== 'string' ||
    input.contentType.length > 255 ||
    !MIME_TYPE_PATTERN.test(input.contentType)
  ) {
    throw new TypeError(`createFromService: contentType must be a MIME type such as text/csv.`);
  }
  if (typeof input.filename !== 'string') throw new TypeError('createFromService: filename must be a string.');
}

async function createFromService(input: CreateFromServiceInput): Promise<Asset> {
  assertInput(input);
  const filename = sanitizeFilename(input.filename);
  const key = generateObjectKey(filename, input.contentType, input.access);
  const stored = await putObject({
    key,
    contentType: input.contentType,
    ...(input.buffer !== undefined
      ? { body: input.buffer }
      : { body: input.stream, ...(input.byteSize !== undefined ? { byteSize: input.byteSize } : {}) }),
  });
  try {
    if (stored.byteSize > MAX_BYTE_SIZE) {
      throw new RangeError(
        `createFromService: ${stored.byteSize} bytes is over the ${MAX_BYTE_SIZE}-byte asset limit.`,
      );
    }
    const asset = await Asset.create({
      key,
      filename,
      contentType: input.contentType,
      byteSize: stored.byteSize,
      checksum: stored.etag ?? null,
      status: 'ready',
      access: input.access,
      metadata: input.metadata ?? {},
    });
    if (!asset.isPersisted) {
      throw new Error(`createFromService: the asset row was not saved (${JSON.stringify(asset.errors)}).`);
    }
    await afterCommit(() => announceAssetReady(asset));
    return await asset.withUrl();
  } catch (error) {
    // Nothing half-written: the object goes with the row that failed. If even
    // that fails, say which key is left over (no row points at it).
    await deleteObject(key).catch((cleanupError: unknown) => {
      console.error(`[storage] createFromService left object ${key} behind:`, cleanupError);
    });
    throw error;
  }
}

export const AssetService = { createFromService } as const;
