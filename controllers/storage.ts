/**
 * Where uploaded files go: the S3-compatible store named by the S3_*
 * variables (AWS S3, Cloudflare R2, MinIO; `npm run dev` starts s3rver and
 * sets them). Importing this module registers the options as a function:
 * nothing is read or checked until the first upload needs storage, so
 * `next build` works without S3 variables. Without them, upload requests
 * answer 500 and the server log names the missing variables.
 *
 * Tune limits here (`defaultMaxSize`, URL lifetimes) or per attachment slot
 * on the model (db/models/Campaign.ts).
 */
import { env } from '@/env';
import { configureStorage } from '@/server';

configureStorage(() => ({
  // Missing values are reported by configureStorage's validation on first use.
  bucket: env.S3_BUCKET as string,
  region: env.S3_REGION,
  accessKeyId: env.S3_ACCESS_KEY_ID as string,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
  endpoint: env.S3_ENDPOINT,
  publicUrlBase: env.S3_PUBLIC_URL_BASE,
  privateUrlExpiry: env.S3_PRIVATE_URL_EXPIRY,
  uploadUrlExpiry: env.S3_UPLOAD_URL_EXPIRY,
  defaultMaxSize: env.S3_MAX_UPLOAD_SIZE,
}));
