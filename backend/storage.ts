/**
 * Where uploaded files go: the S3-compatible store named by the S3_*
 * variables (AWS S3, Cloudflare R2, MinIO; `npm run dev` starts s3rver and
 * sets them). The composition root (backend/app.ts) registers these options
 * as a function: nothing is read or checked until the first upload needs
 * storage, so `next build` works without S3 variables. Without them uploads are off:
 * presign and confirm answer 503 and the server log says what to set
 * (start-up already refused a partial set; env.ts).
 *
 * Tune limits here (`defaultMaxSize`, URL lifetimes) or per attachment slot
 * on the model (its `attachments`).
 */
import { env, storageConfigured } from '@/env';
import type { StorageOptions } from '@/server';

/** The store's options, read when first needed; null when the S3_* variables are unset (uploads off). */
export function storageOptions(): (() => StorageOptions) | null {
  if (!storageConfigured) return null;
  return () => ({
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    endpoint: env.S3_ENDPOINT,
    publicUrlBase: env.S3_PUBLIC_URL_BASE,
    privateUrlExpiry: env.S3_PRIVATE_URL_EXPIRY,
    uploadUrlExpiry: env.S3_UPLOAD_URL_EXPIRY,
    defaultMaxSize: env.S3_MAX_UPLOAD_SIZE,
  });
}
