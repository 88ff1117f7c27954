/**
 * confirm's work: verify the staged object and promote it to the asset's key.
 *
 * The browser PUTs to a staging key; its upload URL stays valid for minutes
 * after confirm. Serving from a different key, written only here by a
 * server-side copy, is what makes a confirmed file immutable: a second PUT
 * to the upload URL only lands in staging again, where nothing reads it.
 *
 * Steps, under a row lock (`FOR UPDATE`) so concurrent confirms of one asset
 * run one at a time and the later ones find it ready (one copy, the same
 * answer for all): HEAD the staged object, compare size and type with the
 * presign, sniff the first bytes (sniffContentType.ts) and, for image slots,
 * read the image header (imageHeaderProblem.ts), copy to the final key,
 * delete the staging object, mark the row ready. The read and the copy are
 * pinned to the ETag the HEAD saw (copyChecked), so a second PUT racing
 * confirm cannot put unchecked bytes at the final key. A refused upload
 * loses its objects and row (422); a staged object that changed while it
 * was checked is a 409. Storage errors roll back and answer 503, and the
 * client may simply confirm again.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BadRequest, NotFound, ServiceUnavailable, toValidationError } from '../controller/errors';
import { db, transaction } from '../model';
import { mimeEssence } from '../shared/mimeMatches';
import { Asset } from './Asset';
import { findSlot } from './attachmentSlots';
import { IMAGE_HEADER_BYTES, imageHeaderProblem, isImageSlot, RASTER_IMAGE } from './imageHeaderProblem';
import { copyObject, deleteObject, headObject, type ObjectHead, readObjectStart } from './objectStore';
import { announceAssetReady } from './onAssetReady';
import { SNIFF_BYTES, sniffContentType } from './sniffContentType';
import { serviceAssets } from './tables';

/** `promoted`: this call made the asset ready (a repeated confirm finds it so). */
type Outcome = { asset: Asset; promoted?: boolean } | { problems: Record<string, string[]> };

/** The uploaded object: in staging, or already at its key when an earlier confirm copied it but did not commit. */
async function findUpload(asset: Asset): Promise<{ key: string; head: ObjectHead } | null> {
  // Assets presigned before staging keys existed were PUT straight to `key`.
  for (const key of [asset.stagingKey, asset.key]) {
    if (!key) continue;
    const head = await headObject(key);
    if (head) return { key, head };
  }
  return null;
}

/** What the store says of the object (size and type) against the presign. */
function headProblems(asset: Asset, head: ObjectHead): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (head.byteSize !== asset.byteSize) {
    problems.byteSize = [`is ${head.byteSize} bytes, but ${asset.byteSize} bytes were presigned`];
  }
  if (mimeEssence(head.contentType ?? '') !== mimeEssence(asset.contentType)) {
    problems.contentType = [`is ${head.contentType ?? 'unknown'}, but ${asset.contentType} was presigned`];
  }
  return problems;
}

/** Everything wrong with the object at `key` whose HEAD was `head`; its bytes are read pinned to the head's ETag. */
async function contentProblems(asset: Asset, key: string, head: ObjectHead): Promise<Record<string, string[]>> {
  const problems = headProblems(asset, head);
  if (problems.contentType) return problems;
  const slotKey = asset.metadata.slot;
  const slot = typeof slotKey === 'string' ? findSlot(slotKey)?.slot : undefined;
  // Image slots: enough of the file for libvips to read the header, not only the magic bytes.
  const checkHeader = isImageSlot(slot?.accepts) && RASTER_IMAGE.test(mimeEssence(asset.contentType) ?? '');
  const readLength = checkHeader ? Math.max(SNIFF_BYTES, Math.min(head.byteSize, IMAGE_HEADER_BYTES)) : SNIFF_BYTES;
  // An empty object has nothing to read; s3rver answers a range on it with a 206 that promises a byte and
  // sends none, and the reset connection looked like an outage (503) to every retry.
  const firstBytes =
    head.byteSize === 0
      ? new Uint8Array()
      : ((await readObjectStart(key, readLength, { ifMatch: head.etag })) ?? new Uint8Array());
  const sniffed = await sniffContentType(firstBytes.subarray(0, SNIFF_BYTES), asset.contentType, slot);
  if (sniffed) problems.contentType = [sniffed];
  else if (checkHeader) {
    const unreadable = await imageHeaderProblem(firstBytes, head.byteSize <= firstBytes.byteLength);
    if (unreadable) problems.contentType = [`${asset.filename} ${unreadable}`];
  }
  return problems;
}

const hasAny = (problems: Record<string, string[]>) => Object.keys(problems).length > 0;

/**
 * Copies the checked staging object to `key` and returns the head of what `key` now holds, with its problems. The
 * upload URL stays valid, so a second PUT may replace the staging object between the check and the copy: the copy
 * is pinned to the checked ETag. A store that ignores that condition answers with another ETag, and then the copy
 * itself is checked. So is the copy of a multipart upload (its ETag is not the MD5 of the whole) or of a store
 * encrypting with KMS: another ETag, and a copy that passes.
 */
async function copyChecked(
  asset: Asset,
  staged: { key: string; head: ObjectHead },
): Promise<{ head: ObjectHead; problems: Record<string, string[]> }> {
  const copy = await copyObject(staged.key, asset.key, { ifMatch: staged.head.etag });
  if (copy.etag !== undefined && copy.etag === staged.head.etag) return { head: staged.head, problems: {} };
  const head = await headObject(asset.key);
  // Only a store that lost a write it acknowledged gets here; the client may confirm again.
  if (!head) throw new ServiceUnavailable('The store did not keep the copied upload; confirm again');
  return { head, problems: await contentProblems(asset, asset.key, head) };
}

async function verifyAndPromote(asset: Asset): Promise<Outcome> {
  const upload = await findUpload(asset);
  if (!upload) {
    throw new BadRequest('The file has not been uploaded yet', {
      assetId: ['has no uploaded file: PUT it to uploadUrl, then confirm'],
    });
  }
  const staged = upload.key !== asset.key;
  let head = upload.head;
  let problems = await contentProblems(asset, upload.key, head);
  const copying = staged && !hasAny(problems);
  if (copying) ({ head, problems } = await copyChecked(asset, upload));
  if (hasAny(problems)) {
    // Objects first, then row: if a delete fails (503), the pending row remains for the cleanup.
    if (copying) await deleteObject(asset.key);
    await deleteObject(upload.key);
    await Asset.where({ id: asset.id }).deleteAll();
    return { problems };
  }
  if (staged) await deleteObject(upload.key);
  await asset.update({
    status: 'ready',
    byteSize: head.byteSize,
    checksum: head.etag ?? null,
    stagingKey: null,
    // The widget attaches right after confirm; if that request never comes, cleanup removes the file by this.
    metadata: { ...asset.metadata, awaitingAttachSince: new Date().toISOString() },
  });
  return { asset };
}

/**
 * Confirms the pending asset `assetId` if its metadata contains `owned`
 * (scope and uploader): 404 when absent or someone else's, 400 before the
 * upload, 422 when the file is not what was presigned. A ready asset is
 * returned unchanged.
 */
export async function confirmUpload(assetId: number, owned: Record<string, unknown>): Promise<Asset> {
  const outcome = await transaction(async (): Promise<Outcome> => {
    const [row] = await db()
      .select()
      .from(serviceAssets)
      .where(and(eq(serviceAssets.id, assetId), sql`${serviceAssets.metadata} @> ${JSON.stringify(owned)}::jsonb`))
      .for('update');
    if (!row) throw new NotFound('Asset');
    const asset = Asset.instantiate(row);
    if (asset.status === 'ready') return { asset, promoted: false };
    const verified = await verifyAndPromote(asset);
    return 'problems' in verified ? verified : { ...verified, promoted: true };
  });
  // Thrown after the commit: the refused upload's row deletion must stick.
  if ('problems' in outcome)
    throw toValidationError(outcome.problems, 'The uploaded file does not match the presigned upload');
  // Once per file: a repeated confirm finds it ready and announces nothing.
  if (outcome.promoted) await announceAssetReady(outcome.asset);
  return outcome.asset.withUrl();
}
