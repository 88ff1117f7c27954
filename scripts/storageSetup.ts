/**
 * `npm run storage:setup`: gives the configured bucket what browser uploads
 * need (server/storage/applyBucketSetup.ts): CORS for APP_URL's origin and
 * STORAGE_CORS_ORIGINS, and a lifecycle rule expiring `staging/`. Run it
 * once per bucket, or on every deploy: a second run changes nothing.
 *
 * It prints one line per part: applied, unchanged, or REFUSED with what to
 * set by hand (s3rver, for one, implements no lifecycle rules). Exit code 1
 * when storage is not configured, no origin is known, or the store could not
 * be reached; a refusal alone is not a failure (the rest still applied).
 */
import { loadEnvFiles } from './devEnvFile';

function fail(message: string): never {
  console.error(`storage:setup: ${message}`);
  process.exit(1);
}

// Before env.ts is evaluated: .env files fill what the environment leaves unset.
loadEnvFiles();
// env.ts throws a message naming every bad variable: print it, not a stack trace.
const { env, storageConfigured, storageCorsOrigins } = await import('../env').catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);
(await import('../backend/app')).wireApp();
const { applyBucketSetup } = await import('../server');

if (!storageConfigured) fail('storage is not configured: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
const origins = storageCorsOrigins();
if (origins.length === 0) {
  fail('no origin to allow: set APP_URL (e.g. https://app.example.com), and STORAGE_CORS_ORIGINS for more.');
}

try {
  console.log(`storage:setup: bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`);
  for (const step of await applyBucketSetup({ origins })) {
    const label = step.outcome === 'refused' ? 'REFUSED' : step.outcome;
    console.log(`  ${step.part}: ${label} - ${step.detail}`);
  }
} catch (error) {
  // A 503 from the SDK layer says only "unavailable"; the operator needs the cause.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  fail(`${error instanceof Error ? error.message : String(error)}${cause}`);
}
