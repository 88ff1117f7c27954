/**
 * What the bucket needs for browser uploads, applied through the S3 API
 * (`npm run storage:setup`): a CORS rule letting the app's origins PUT, GET
 * and HEAD (without it the browser's PUT fails before reaching the store),
 * and a lifecycle rule expiring `staging/` objects (the backstop for a PUT
 * that arrives after cleanup removed its row).
 *
 * Idempotent: each part is read first and written only when it differs, and
 * rules other than ours (by ID) are kept, so running it on every deploy is
 * safe. Stores differ in what they implement (s3rver has no lifecycle; R2
 * and MinIO refuse some fields): a refusal is reported, not thrown, so the
 * other part still applies and the operator sees exactly what to do by hand.
 */
import {
  type CORSRule,
  GetBucketCorsCommand,
  GetBucketLifecycleConfigurationCommand,
  type LifecycleRule,
  PutBucketCorsCommand,
  PutBucketLifecycleConfigurationCommand,
} from '@aws-sdk/client-s3';
import { storageConfig } from './configureStorage';
import { STAGING_KEY_PREFIX } from './objectKey';
import { s3Client } from './s3Client';

/** The IDs our rules carry, so a re-run recognises (and replaces) them and leaves others alone. */
export const CORS_RULE_ID = 'app-browser-uploads';
export const LIFECYCLE_RULE_ID = 'app-staging-expiry';

export interface BucketSetupOptions {
  /** Origins allowed to upload and read from the browser, e.g. `https://app.example.com`. */
  origins: readonly string[];
  /** Days after which a staging object expires. Default 1 (S3's smallest unit). */
  stagingExpiryDays?: number;
}

export interface BucketSetupStep {
  part: 'cors' | 'lifecycle';
  /** `applied`: written now; `unchanged`: already as wanted; `refused`: the store said no (see `detail`). */
  outcome: 'applied' | 'unchanged' | 'refused';
  detail: string;
}

function errorCode(error: unknown): { code: string; status: number | undefined } {
  const { name, Code, $metadata } = (error ?? {}) as {
    name?: string;
    Code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  return { code: Code ?? name ?? 'Error', status: $metadata?.httpStatusCode };
}

/** A store that does not implement the call (s3rver, some S3-compatible stores) or forbids it to these credentials. */
function isRefusal(error: unknown): boolean {
  const { code, status } = errorCode(error);
  return (
    status === 501 ||
    status === 405 ||
    status === 403 ||
    ['NotImplemented', 'MethodNotAllowed', 'AccessDenied', 'InvalidRequest', 'MalformedXML'].includes(code)
  );
}

const sorted = (values: readonly string[] | undefined) => [...(values ?? [])].map((v) => v.toLowerCase()).sort();

/** Same rule, whatever order or case the store returns it in. */
function sameCors(a: CORSRule, b: CORSRule): boolean {
  return (
    JSON.stringify([a.AllowedOrigins, a.AllowedMethods, a.AllowedHeaders, a.ExposeHeaders].map(sorted)) ===
      JSON.stringify([b.AllowedOrigins, b.AllowedMethods, b.AllowedHeaders, b.ExposeHeaders].map(sorted)) &&
    (a.MaxAgeSeconds ?? 0) === (b.MaxAgeSeconds ?? 0)
  );
}

function corsRule(origins: readonly string[]): CORSRule {
  return {
    ID: CORS_RULE_ID,
    AllowedOrigins: [...origins],
    AllowedMethods: ['GET', 'PUT', 'HEAD'],
    // What the upload hook sends; the browser adds Content-Length itself (not a CORS header).
    AllowedHeaders: ['content-type', 'x-amz-checksum-sha256'],
    // The ETag of each part, read by the browser, completes a multipart upload.
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3000,
  };
}

async function applyCors(bucket: string, origins: readonly string[]): Promise<BucketSetupStep> {
  const wanted = corsRule(origins);
  const summary = `${origins.join(', ')} may GET, PUT, HEAD with content-type and x-amz-checksum-sha256; ETag exposed`;
  try {
    const current = await s3Client()
      .send(new GetBucketCorsCommand({ Bucket: bucket }))
      .then((result) => result.CORSRules ?? [])
      .catch((error: unknown) => {
        if (errorCode(error).code === 'NoSuchCORSConfiguration' || errorCode(error).status === 404) return [];
        throw error;
      });
    if (current.some((rule) => sameCors(rule, wanted))) return { part: 'cors', outcome: 'unchanged', detail: summary };
    const others = current.filter((rule) => rule.ID !== CORS_RULE_ID);
    await s3Client().send(
      new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [...others, wanted] } }),
    );
    const kept = others.length > 0 ? ` (kept ${others.length} other rule${others.length === 1 ? '' : 's'})` : '';
    return { part: 'cors', outcome: 'applied', detail: `${summary}${kept}` };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { part: 'cors', outcome: 'refused', detail: `${errorCode(error).code}: set CORS by hand (${summary})` };
  }
}

async function applyLifecycle(bucket: string, days: number): Promise<BucketSetupStep> {
  const wanted: LifecycleRule = {
    ID: LIFECYCLE_RULE_ID,
    Status: 'Enabled',
    Filter: { Prefix: `${STAGING_KEY_PREFIX}/` },
    Expiration: { Days: days },
  };
  const summary = `objects under ${STAGING_KEY_PREFIX}/ expire after ${days} day${days === 1 ? '' : 's'}`;
  try {
    const current = await s3Client()
      .send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }))
      .then((result) => result.Rules ?? [])
      .catch((error: unknown) => {
        if (errorCode(error).code === 'NoSuchLifecycleConfiguration') return [];
        throw error;
      });
    const ours = current.find((rule) => rule.ID === LIFECYCLE_RULE_ID);
    if (
      ours &&
      ours.Status === 'Enabled' &&
      ours.Filter?.Prefix === wanted.Filter?.Prefix &&
      ours.Expiration?.Days === days
    ) {
      return { part: 'lifecycle', outcome: 'unchanged', detail: summary };
    }
    const others = current.filter((rule) => rule.ID !== LIFECYCLE_RULE_ID);
    await s3Client().send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: bucket,
        LifecycleConfiguration: { Rules: [...others, wanted] },
      }),
    );
    return { part: 'lifecycle', outcome: 'applied', detail: summary };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return {
      part: 'lifecycle',
      outcome: 'refused',
      detail: `${errorCode(error).code}: add it by hand (${summary}); until then only the asset cleanup (the hourly job, or npm run assets:cleanup) removes late uploads`,
    };
  }
}

/** Applies CORS, then the lifecycle rule, to the configured bucket; reports each part. */
export async function applyBucketSetup(options: BucketSetupOptions): Promise<BucketSetupStep[]> {
  const { origins, stagingExpiryDays = 1 } = options;
  if (origins.length === 0) throw new Error('applyBucketSetup: at least one origin is needed (the app URL).');
  if (!Number.isSafeInteger(stagingExpiryDays) || stagingExpiryDays < 1) {
    throw new RangeError(`applyBucketSetup: stagingExpiryDays must be a positive integer (got ${stagingExpiryDays})`);
  }
  const { bucket } = storageConfig();
  return [await applyCors(bucket, origins), await applyLifecycle(bucket, stagingExpiryDays)];
}
