/**
 * Browser multipart uploads for large files, behind UploadsController's
 * multipart actions:
 *
 *   createMultipart {filename, contentType, byteSize, slot} -> {asset, partSize, partCount, publicUrl?}
 *   signParts {assetId, partNumbers}   -> presigned PUT per part + the parts already reported
 *   recordPart {assetId, partNumber, etag}  (the client reports each part's ETag as it lands)
 *   completeMultipart {assetId}        -> the ready asset (verified like confirm)
 *   abortMultipart {assetId}           (cancel: the upload and the row go)
 *
 * The app records the ETags the client reports (`service_assets.multipart`),
 * so resuming after a reload needs no ListParts: the client asks signParts
 * for the parts it is missing, and the answer lists the ones already there.
 * Completion does list the store's parts, and completes only when they are
 * the recorded ones (a reported ETag is the client's word, not the store's). The upload is assembled under a staging key and
 * then confirmed like a single PUT (size, type, first bytes, then a
 * server-side copy to the final key), so nothing unverified is ever readable
 * where the asset is served, even for a moment; a refused file is deleted
 * with its row.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BadRequest, NotFound, toValidationError } from '../controller/errors';
import { db, transaction } from '../model';
import { Asset } from './Asset';
import { confirmUpload } from './confirmUpload';
import {
  abortMultipart,
  completeMultipart,
  createMultipart,
  listMultipartParts,
  partLength,
  partSizeFor,
  presignPart,
} from './multipartStore';
import { generateStagingKey } from './objectKey';
import { type AssetAccess, type AssetMetadata, serviceAssets } from './tables';

export interface MultipartStart {
  key: string;
  filename: string;
  contentType: string;
  byteSize: number;
  access: AssetAccess;
  metadata: AssetMetadata;
}

/** Starts the store's multipart upload under a new staging key and records it on a new pending asset. */
export async function startMultipartUpload(start: MultipartStart): Promise<Asset> {
  if (start.byteSize < 1) {
    throw toValidationError({ byteSize: ['must be at least 1 byte for a multipart upload (use presign)'] });
  }
  const partSize = partSizeFor(start.byteSize);
  const stagingKey = generateStagingKey();
  const uploadId = await createMultipart(stagingKey, start.contentType);
  const asset = await Asset.create({
    key: start.key,
    stagingKey,
    filename: start.filename,
    contentType: start.contentType,
    byteSize: start.byteSize,
    status: 'pending',
    access: start.access,
    metadata: start.metadata,
    multipart: { uploadId, partSize, partCount: Math.ceil(start.byteSize / partSize), etags: {} },
  });
  if (!asset.isPersisted) {
    await abortMultipart(stagingKey, uploadId);
    throw toValidationError(asset.errors);
  }
  return asset;
}

/** Where the parts are assembled: the staging key (assets made before staging: the final key). */
function uploadKey(asset: Asset): string {
  return asset.stagingKey ?? asset.key;
}

/** The pending multipart asset `assetId` whose metadata contains `owned`; 404 otherwise (as if absent). */
export async function findOwnedMultipart(
  assetId: number,
  owned: Record<string, unknown>,
  { lock = false } = {},
): Promise<Asset & { multipart: NonNullable<Asset['multipart']> }> {
  const query = db()
    .select()
    .from(serviceAssets)
    .where(and(eq(serviceAssets.id, assetId), sql`${serviceAssets.metadata} @> ${JSON.stringify(owned)}::jsonb`));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFound('Asset');
  if (!row.multipart || row.status !== 'pending') {
    throw new BadRequest('Not a multipart upload in progress', {
      assetId: ['is not a multipart upload in progress (completed, cancelled, or made with presign)'],
    });
  }
  return Asset.instantiate(row) as Asset & { multipart: NonNullable<Asset['multipart']> };
}

/** `field` is the input's own name for the numbers (`partNumbers` to sign, `partNumber` to record). */
function assertPartNumbers(partNumbers: readonly number[], partCount: number, field: string): void {
  const outside = partNumbers.filter((n) => n > partCount);
  if (outside.length > 0) {
    throw new BadRequest('No such part', { [field]: [`must be between 1 and ${partCount} (got ${outside[0]})`] });
  }
}

export interface SignedParts {
  parts: Array<{ partNumber: number; url: string; byteSize: number; expiresAt: string }>;
  /** Parts already reported, for resume: skip these. */
  uploaded: Array<{ partNumber: number; etag: string }>;
  partSize: number;
  partCount: number;
}

export async function signMultipartParts(
  asset: Asset & { multipart: NonNullable<Asset['multipart']> },
  partNumbers: readonly number[],
): Promise<SignedParts> {
  const { uploadId, partSize, partCount, etags } = asset.multipart;
  assertPartNumbers(partNumbers, partCount, 'partNumbers');
  const byteSize = asset.byteSize ?? 0;
  const parts = await Promise.all(
    [...new Set(partNumbers)].map(async (partNumber) => {
      const length = partLength(byteSize, partSize, partNumber);
      return { partNumber, byteSize: length, ...(await presignPart(uploadKey(asset), uploadId, partNumber, length)) };
    }),
  );
  const uploaded = Object.entries(etags)
    .map(([partNumber, etag]) => ({ partNumber: Number(partNumber), etag }))
    .sort((a, b) => a.partNumber - b.partNumber);
  return { parts, uploaded, partSize, partCount };
}

/** Records a part's ETag in one statement (parallel reports of different parts do not overwrite each other). */
export async function recordMultipartPart(
  asset: Asset & { multipart: NonNullable<Asset['multipart']> },
  partNumber: number,
  etag: string,
): Promise<{ uploadedParts: number }> {
  assertPartNumbers([partNumber], asset.multipart.partCount, 'partNumber');
  const [row] = await db()
    .update(serviceAssets)
    .set({
      multipart: sql`jsonb_set(${serviceAssets.multipart}, array['etags', ${String(partNumber)}], to_jsonb(${etag}::text))`,
      updatedAt: new Date(),
    })
    .where(and(eq(serviceAssets.id, asset.id), sql`${serviceAssets.multipart} is not null`))
    .returning({ multipart: serviceAssets.multipart });
  if (!row?.multipart) throw new NotFound('Asset');
  return { uploadedParts: Object.keys(row.multipart.etags).length };
}

/** S3 compares ETags without their quotes; the client may report either form. */
function bareEtag(etag: string): string {
  return etag.replace(/"/g, '');
}

/**
 * The recorded parts the store does not hold as recorded (missing, another
 * ETag, or not the size the part must have), each with what is wrong. The
 * ETags come from the client, which may report a part it never sent: S3
 * would refuse it (InvalidPart), s3rver would crash on it.
 */
async function partsNotInStore(
  asset: Asset & { multipart: NonNullable<Asset['multipart']> },
  recorded: ReadonlyArray<{ partNumber: number; etag: string }>,
): Promise<{ partNumber: number; problem: string }[]> {
  const { uploadId, partSize } = asset.multipart;
  const stored = new Map((await listMultipartParts(uploadKey(asset), uploadId)).map((part) => [part.partNumber, part]));
  return recorded.flatMap(({ partNumber, etag }) => {
    const part = stored.get(partNumber);
    const expected = partLength(asset.byteSize ?? 0, partSize, partNumber);
    const problem = !part
      ? 'not in the store'
      : bareEtag(part.etag) !== bareEtag(etag)
        ? 'the store has another ETag'
        : part.byteSize !== expected
          ? `${part.byteSize} bytes, expected ${expected}`
          : undefined;
    return problem ? [{ partNumber, problem }] : [];
  });
}

/** The 400 for parts the store does not hold as recorded. */
function partsRefusal(problems: ReadonlyArray<{ partNumber: number; problem: string }>, partCount: number) {
  const listed = problems.slice(0, 20).map(({ partNumber, problem }) => `${partNumber} (${problem})`);
  return new BadRequest('Parts do not match the store', {
    parts: [
      `${problems.length} of ${partCount} do not match what the store received: ${listed.join(', ')}; upload them again and record their ETags`,
    ],
  });
}

/**
 * Completes the store's upload with the recorded ETags (400 naming missing
 * parts, or parts the store does not hold as recorded), then confirms: the
 * same checks as a single PUT. Concurrent calls complete once (row lock);
 * later ones only confirm.
 */
export async function completeMultipartUpload(assetId: number, owned: Record<string, unknown>): Promise<Asset> {
  // Thrown after the transaction, so what it forgets (below) is kept.
  let refusal: BadRequest | undefined;
  await transaction(async () => {
    const found = await db()
      .select({ multipart: serviceAssets.multipart, status: serviceAssets.status })
      .from(serviceAssets)
      .where(and(eq(serviceAssets.id, assetId), sql`${serviceAssets.metadata} @> ${JSON.stringify(owned)}::jsonb`))
      .for('update');
    if (!found[0]) throw new NotFound('Asset');
    // Already completed (or a single-PUT asset): confirm below decides.
    if (!found[0].multipart) return;
    const asset = await findOwnedMultipart(assetId, owned);
    const { uploadId, partCount, etags } = asset.multipart;
    const missing = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !etags[String(n)]);
    if (missing.length > 0) {
      throw new BadRequest('Parts are missing', {
        parts: [`${missing.length} of ${partCount} not uploaded yet: ${missing.slice(0, 20).join(', ')}`],
      });
    }
    const parts = Array.from({ length: partCount }, (_, i) => ({
      partNumber: i + 1,
      etag: etags[String(i + 1)] as string,
    }));
    const problems = await partsNotInStore(asset, parts);
    if (problems.length > 0) {
      // Their ETags are forgotten: sign-parts then lists these parts as still to send, so a client that
      // resumes (server/client/uploadMultipart.ts) sends them again. The parts the store holds stay recorded.
      const wrong = new Set(problems.map(({ partNumber }) => String(partNumber)));
      const kept = Object.fromEntries(Object.entries(etags).filter(([partNumber]) => !wrong.has(partNumber)));
      await db()
        .update(serviceAssets)
        .set({ multipart: { ...asset.multipart, etags: kept }, updatedAt: new Date() })
        .where(eq(serviceAssets.id, assetId));
      refusal = partsRefusal(problems, partCount);
      return;
    }
    await completeMultipart(uploadKey(asset), uploadId, parts);
    await db()
      .update(serviceAssets)
      .set({ multipart: null, updatedAt: new Date() })
      .where(eq(serviceAssets.id, assetId));
  });
  if (refusal) throw refusal;
  return confirmUpload(assetId, owned);
}

/** Cancel: aborts the store's upload (where the store implements it) and removes the row. */
export async function abortMultipartUpload(asset: Asset & { multipart: NonNullable<Asset['multipart']> }): Promise<{
  aborted: boolean;
}> {
  const aborted = await abortMultipart(uploadKey(asset), asset.multipart.uploadId);
  await Asset.where({ id: asset.id }).deleteAll();
  return { aborted };
}
