/**
 * Direct-to-storage uploads, mountable by any controller. Subclass it with
 * your scopes and hooks; `presign` and `confirm` are inherited:
 *
 *   @scope('teamId')
 *   export class UploadController extends UploadsController<AppContext> {
 *     @before() requireMember() { ... }                       // hooks apply as usual
 *     override uploadMetadata() { return { userId: this.context.userId }; }
 *   }
 *   // -> POST /teams/:teamId/uploads/presign, POST /teams/:teamId/uploads/confirm
 *
 * 1. presign `{filename, contentType, byteSize, slot}` (slot: `Campaign.logo`)
 *    -> `{asset, uploadUrl, method: 'PUT', headers, expiresAt, publicUrl?}`.
 *    Type and size are checked against the slot before anything is written.
 * 2. The client PUTs the file to `uploadUrl` with `headers`: a staging key,
 *    never the key the file is served from.
 * 3. confirm `{assetId}` -> the ready asset, once the staged object is
 *    verified (size, type, first bytes) and copied to its key (confirmUpload.ts).
 * 4. The app attaches it: `record.attach('logo', assetId)`.
 *
 * Ownership: the asset's metadata records the request's scope params
 * (`this.scopeParams`) and whatever `uploadMetadata()` returns; confirm only
 * finds assets whose metadata contains both (another scope's or user's asset
 * is a 404, as if absent), and `attach` checks the scope against the record.
 */
import { z } from 'zod';
import { ActiveController } from '../controller/ActiveController';
import { action } from '../controller/decorators';
import { BadRequest, toValidationError } from '../controller/errors';
import { MAX_INT4 } from '../shared/int4';
import { MIME_TYPE_PATTERN } from '../shared/mimeMatches';
import { Asset, type AssetJson } from './Asset';
import { assertFitsSlot, findSlot, type RegisteredSlot, registeredSlots } from './attachmentSlots';
import { confirmUpload } from './confirmUpload';
import { MAX_PARTS } from './multipartStore';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  findOwnedMultipart,
  recordMultipartPart,
  type SignedParts,
  signMultipartParts,
  startMultipartUpload,
} from './multipartUpload';
import { generateObjectKey, generateStagingKey } from './objectKey';
import { publicObjectUrl } from './objectUrls';
import { presignUpload, SHA256_BASE64_PATTERN, type UploadHeaders } from './presignUpload';
import { sanitizeFilename } from './sanitizeFilename';
import { assertStorageReachable } from './storageProbe';
import { assetOutput, multipartCreateOutput, presignOutput, signPartsOutput } from './uploadOutputs';

const presignInput = z.object({
  filename: z.string().trim().min(1, "can't be blank").max(1024),
  // Not trimmed: a type with stray spaces or control characters is refused, never repaired (mimeMatches.ts).
  contentType: z
    .string()
    .max(255)
    .regex(MIME_TYPE_PATTERN, 'must be a media type such as image/png or text/plain; charset=utf-8'),
  byteSize: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  slot: z.string().min(1, "can't be blank").max(255),
  /** Base64 SHA-256 of the file (the upload hook sends it for files up to CLIENT_CHECKSUM_MAX_BYTES). */
  checksumSha256: z
    .string()
    .regex(SHA256_BASE64_PATTERN, 'must be the base64 SHA-256 of the file (44 characters)')
    .optional(),
});
const confirmInput = z.object({ assetId: z.number().int().min(1).max(MAX_INT4) });
const multipartCreateInput = presignInput.omit({ checksumSha256: true });
const signPartsInput = z.object({
  assetId: confirmInput.shape.assetId,
  partNumbers: z.array(z.number().int().min(1).max(MAX_PARTS)).min(1).max(100),
});
const recordPartInput = z.object({
  assetId: confirmInput.shape.assetId,
  partNumber: z.number().int().min(1).max(MAX_PARTS),
  // The store's ETag as the browser read it (exposed by the bucket's CORS), quotes and all.
  etag: z.string().regex(/^"?[0-9A-Za-z-]{1,100}"?$/, 'must be the ETag the store answered'),
});

export type PresignInput = z.infer<typeof presignInput>;
export type ConfirmInput = z.infer<typeof confirmInput>;
export type MultipartCreateInput = z.infer<typeof multipartCreateInput>;
export type SignPartsInput = z.infer<typeof signPartsInput>;
export type RecordPartInput = z.infer<typeof recordPartInput>;

export interface MultipartCreateResponse {
  asset: AssetJson;
  /** Every part but the last has exactly this many bytes. */
  partSize: number;
  partCount: number;
  publicUrl?: string;
}

export interface PresignResponse {
  /** The pending asset (its `id` is what confirm and attach take). */
  asset: AssetJson;
  uploadUrl: string;
  method: 'PUT';
  /** Send exactly these with the PUT; the browser adds Content-Length, which is signed too. */
  headers: UploadHeaders;
  /** ISO time after which the store refuses `uploadUrl`. */
  expiresAt: string;
  /** Public slots only: where the file will be readable once uploaded. */
  publicUrl?: string;
}

export abstract class UploadsController<Ctx = unknown> extends ActiveController<Ctx> {
  /**
   * Extra metadata stored on each asset this controller presigns, e.g.
   * `{ userId: this.context.userId }`. It is ownership too: confirm only
   * finds assets whose metadata contains it. JSON values only.
   */
  uploadMetadata(): Record<string, unknown> | Promise<Record<string, unknown>> {
    return {};
  }

  /** Which slots this controller presigns for (default: every declared slot). Others answer 400 like unknown ones. */
  allowsSlot(_slot: RegisteredSlot): boolean {
    return true;
  }

  /** Slot, size and type checks, reachability, then the names: what presign and createMultipart share. */
  private async prepareUpload(input: Pick<PresignInput, 'slot' | 'filename' | 'contentType' | 'byteSize'>) {
    const registered = findSlot(input.slot);
    if (!registered || !this.allowsSlot(registered)) {
      // No secret (the OpenAPI document shows the models and their slots); it saves a trip to the models.
      const allowed = registeredSlots()
        .filter((slot) => this.allowsSlot(slot))
        .map((slot) => slot.key);
      const expected = allowed.length > 0 ? `one of ${allowed.join(', ')}` : 'none: no model declares a slot';
      throw new BadRequest('Unknown attachment slot', {
        slot: [`is not an attachment slot here; expected ${expected}`],
      });
    }
    assertFitsSlot(registered.slot, input);
    // Signing is local: ask the store first, so an outage is a 503 with nothing written.
    await assertStorageReachable();
    const filename = sanitizeFilename(input.filename);
    const key = generateObjectKey(filename, input.contentType, registered.slot.access);
    // Framework keys last: uploadMetadata() cannot overwrite the scope or slot.
    const metadata = { ...(await this.ownership()), slot: registered.key };
    return { registered, filename, key, metadata };
  }

  /**
   * What an asset records of who uploaded it, and what confirm and the multipart steps look it up by. Empty
   * (no `@scope`, no uploadMetadata()) it would match every asset: anyone could confirm or abort anyone's
   * upload by its id. Refused, then, as the programming error it is.
   */
  private async ownership(): Promise<Record<string, unknown>> {
    const metadata = await this.uploadMetadata();
    if (Object.keys(this.scopeParams).length === 0 && Object.keys(metadata).length === 0) {
      throw new Error(
        `${this.constructor.name}: an uploads controller needs @scope or an uploadMetadata() that names the uploader`,
      );
    }
    return { ...metadata, scope: this.scopeParams };
  }

  @action('POST', undefined, {
    input: presignInput,
    output: presignOutput,
    errorStatuses: [503],
    summary: 'Presign an upload',
    description:
      'Checks type and size against the slot, then signs a PUT straight to storage (no file goes through the app).',
  })
  async presign(input: PresignInput): Promise<PresignResponse> {
    const { registered, filename, key, metadata } = await this.prepareUpload(input);
    // The final key is fixed now (publicUrl needs it); the browser only ever writes to the staging key.
    const stagingKey = generateStagingKey();
    const upload = await presignUpload({
      key: stagingKey,
      contentType: input.contentType,
      byteSize: input.byteSize,
      ...(input.checksumSha256 ? { checksumSha256: input.checksumSha256 } : {}),
    });
    const asset = await Asset.create({
      key,
      stagingKey,
      filename,
      contentType: input.contentType,
      byteSize: input.byteSize,
      checksumSha256: input.checksumSha256 ?? null,
      status: 'pending',
      access: registered.slot.access,
      metadata,
    });
    if (!asset.isPersisted) throw toValidationError(asset.errors);
    return {
      asset: asset.toJSON(),
      uploadUrl: upload.url,
      method: upload.method,
      headers: upload.headers,
      expiresAt: upload.expiresAt,
      ...(registered.slot.access === 'public' ? { publicUrl: publicObjectUrl(key) } : {}),
    };
  }

  @action('POST', undefined, {
    input: confirmInput,
    output: assetOutput,
    errorStatuses: [503],
    summary: 'Confirm an upload',
    description:
      'Checks the uploaded object against the presign (size, type, first bytes), copies it to where it is served and marks the asset ready.',
  })
  async confirm(input: ConfirmInput): Promise<AssetJson> {
    return (await confirmUpload(input.assetId, await this.ownership())).toJSON();
  }

  @action('POST', undefined, {
    input: multipartCreateInput,
    output: multipartCreateOutput,
    errorStatuses: [503],
    summary: 'Start a multipart upload (large files)',
    description:
      'Checks type and size against the slot and starts a multipart upload (assembled in staging, then verified).',
  })
  async createMultipart(input: MultipartCreateInput): Promise<MultipartCreateResponse> {
    const { registered, filename, key, metadata } = await this.prepareUpload(input);
    const asset = await startMultipartUpload({
      key,
      filename,
      contentType: input.contentType,
      byteSize: input.byteSize,
      access: registered.slot.access,
      metadata,
    });
    const { partSize, partCount } = asset.multipart as NonNullable<Asset['multipart']>;
    return {
      asset: asset.toJSON(),
      partSize,
      partCount,
      ...(registered.slot.access === 'public' ? { publicUrl: publicObjectUrl(key) } : {}),
    };
  }

  @action('POST', undefined, {
    input: signPartsInput,
    output: signPartsOutput,
    errorStatuses: [503],
    summary: 'Presign parts of a multipart upload',
    description: 'One PUT URL per part asked for, and the parts already reported (resume).',
  })
  async signParts(input: SignPartsInput): Promise<SignedParts> {
    return signMultipartParts(await findOwnedMultipart(input.assetId, await this.ownership()), input.partNumbers);
  }

  @action('POST', undefined, {
    input: recordPartInput,
    output: z.object({ uploadedParts: z.number().int() }),
    summary: "Record an uploaded part's ETag",
  })
  async recordPart(input: RecordPartInput): Promise<{ uploadedParts: number }> {
    const asset = await findOwnedMultipart(input.assetId, await this.ownership());
    return recordMultipartPart(asset, input.partNumber, input.etag);
  }

  @action('POST', undefined, {
    input: confirmInput,
    output: assetOutput,
    errorStatuses: [503],
    summary: 'Complete a multipart upload',
    description: 'Completes it with the reported parts, then checks it like confirm and marks the asset ready.',
  })
  async completeMultipart(input: ConfirmInput): Promise<AssetJson> {
    return (await completeMultipartUpload(input.assetId, await this.ownership())).toJSON();
  }

  @action('POST', undefined, {
    input: confirmInput,
    output: z.object({ aborted: z.boolean().describe('False when the store could not drop the parts (s3rver)') }),
    errorStatuses: [503],
    summary: 'Cancel a multipart upload',
  })
  async abortMultipart(input: ConfirmInput): Promise<{ aborted: boolean }> {
    return abortMultipartUpload(await findOwnedMultipart(input.assetId, await this.ownership()));
  }
}
