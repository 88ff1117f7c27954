/**
 * What presign and confirm answer, as zod schemas: the `output` of their
 * actions in the OpenAPI description (server/openapi). They restate the
 * `AssetJson` and `PresignResponse` types; the `satisfies` checks below keep
 * both in step, and the contract test checks real answers against them.
 */
import { z } from 'zod';
import type { AssetJson } from './Asset';
import type { SignedParts } from './multipartUpload';
import type { MultipartCreateResponse, PresignResponse } from './UploadsController';

export const assetOutput = z.object({
  id: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  byteSize: z.number().int().nullable(),
  checksum: z.string().nullable().describe("The store's ETag once confirmed"),
  checksumSha256: z.string().nullable().describe("The client's base64 SHA-256, when sent at presign"),
  status: z.enum(['pending', 'ready']),
  access: z.enum(['public', 'private']),
  createdAt: z.string(),
  url: z.string().nullable().describe('Signed URL; null until the file is uploaded and confirmed'),
  width: z.number().int().nullable().describe('Images, once analysed by the image job; else null'),
  height: z.number().int().nullable(),
  placeholder: z.string().nullable().describe('Base64 ThumbHash of an analysed image'),
  variants: z
    .record(
      z.string(),
      z.object({
        url: z.string().nullable(),
        width: z.number().int(),
        height: z.number().int(),
        contentType: z.string(),
      }),
    )
    .describe("The slot's image variants by name (thumb); {} before the image job ran and for other files"),
  variantsStatus: z
    .enum(['pending', 'ready', 'failed'])
    .describe('The image job: pending until it ran, ready after, failed when it never will (see variantsError)'),
  variantsError: z.string().nullable().describe('Why no preview was made, when variantsStatus is failed'),
});

export const presignOutput = z.object({
  asset: assetOutput,
  uploadUrl: z.string().describe('PUT the file here, with `headers`'),
  method: z.literal('PUT'),
  headers: z.object({ 'Content-Type': z.string(), 'x-amz-checksum-sha256': z.string().optional() }),
  expiresAt: z.string().describe('ISO time after which the store refuses uploadUrl'),
  publicUrl: z.string().optional().describe('Public slots only: where the file will be readable'),
});

export const multipartCreateOutput = z.object({
  asset: assetOutput,
  partSize: z.number().int().describe('Bytes of every part but the last'),
  partCount: z.number().int(),
  publicUrl: z.string().optional().describe('Public slots only: where the file will be readable'),
});

export const signPartsOutput = z.object({
  parts: z.array(
    z.object({ partNumber: z.number().int(), url: z.string(), byteSize: z.number().int(), expiresAt: z.string() }),
  ),
  uploaded: z.array(z.object({ partNumber: z.number().int(), etag: z.string() })).describe('Parts already reported'),
  partSize: z.number().int(),
  partCount: z.number().int(),
});

// Compile-time: the schemas describe exactly the wire types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _assetInStep: Same<z.infer<typeof assetOutput>, AssetJson> = true;
const _presignInStep: Same<z.infer<typeof presignOutput>, PresignResponse> = true;
const _multipartInStep: Same<z.infer<typeof multipartCreateOutput>, MultipartCreateResponse> = true;
const _partsInStep: Same<z.infer<typeof signPartsOutput>, SignedParts> = true;
void _multipartInStep;
void _partsInStep;
void _assetInStep;
void _presignInStep;
