/**
 * Object-storage configuration: which bucket, where, with which credentials,
 * and the limits of the attachment subsystem.
 *
 * The app registers it once at import, usually as a function over `env`:
 *
 *   configureStorage(() => ({ bucket: env.S3_BUCKET, region: env.S3_REGION, ... }))
 *
 * The function form does no I/O and needs no S3 variables at `next build`
 * time: the options are resolved and validated on first use, then cached on
 * globalThis (Next's dev server re-evaluates modules on HMR). A plain object
 * is validated at once.
 */
import { z } from 'zod';
import { ServiceUnavailable } from '../controller/errors';
import { RefusalReason } from '../log/RefusalReason';

/** SigV4 presigned URLs cannot live longer than 7 days. */
const MAX_PRESIGN_SECONDS = 604_800;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));
const seconds = z
  .number()
  .int()
  .positive()
  .max(MAX_PRESIGN_SECONDS, 'must be at most 604800 (7 days, the SigV4 limit)');
const milliseconds = z.number().int().nonnegative();

const schema = z
  .object({
    bucket: z.string({ error: 'is required' }).min(3, 'must be at least 3 characters'),
    /** `'auto'` for providers without regions (Cloudflare R2); needs `endpoint`. */
    region: z.string({ error: 'is required' }).min(1, 'is required'),
    accessKeyId: z.string({ error: 'is required' }).min(1, 'is required'),
    secretAccessKey: z.string({ error: 'is required' }).min(1, 'is required'),
    /** S3-compatible provider (R2, MinIO, s3rver). Unset: AWS S3. Implies path-style addressing. */
    endpoint: httpUrl.optional(),
    /** Base of public asset URLs, e.g. a CDN in front of the bucket. */
    publicUrlBase: httpUrl.optional(),
    /** Lifetime of presigned GET URLs of private assets, in seconds. */
    privateUrlExpiry: seconds.default(3600),
    /** Lifetime of presigned PUT URLs handed out by presign, in seconds. */
    uploadUrlExpiry: seconds.default(300),
    /** Global upload size limit in bytes; a slot's `maxSize` overrides it. */
    defaultMaxSize: z.number().int().positive().default(104_857_600),
    /**
     * S3 client timeouts and retries. Failing fast matters more than riding
     * out a long outage: a request waits at most `connectionTimeoutMs` to
     * connect and `socketTimeoutMs` of silence mid-request (not a total
     * limit, so a large part on a slow link still completes), and is tried
     * `maxAttempts` times in all. Then the caller gets a 503.
     */
    connectionTimeoutMs: milliseconds.default(3000),
    socketTimeoutMs: milliseconds.default(30_000),
    maxAttempts: z.number().int().min(1).max(10).default(2),
  })
  .superRefine((options, ctx) => {
    if (options.region === 'auto' && !options.endpoint) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message:
          "'auto' needs an endpoint (it is for providers without regions such as Cloudflare R2); set endpoint, or a real AWS region such as 'us-east-1'",
      });
    }
  });

/** What the app passes. Optional options fall back to the defaults above. */
export type StorageOptions = z.input<typeof schema>;
/** The validated options with every default filled in. */
export type StorageConfig = Readonly<z.output<typeof schema>>;

interface StorageState {
  source: StorageOptions | (() => StorageOptions);
  resolved?: StorageConfig;
}

// On globalThis: see above (one configuration for every bundle and across dev reloads).
const cache = globalThis as typeof globalThis & { __storageConfig?: StorageState };

function resolve(options: StorageOptions): StorageConfig {
  const result = schema.safeParse(options);
  if (result.success) return Object.freeze(result.data);
  // zod's messages never echo the value, so credentials stay out of the error.
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(options)'}: ${issue.message}`);
  throw new Error(`Invalid storage configuration (configureStorage):\n${lines.join('\n')}`);
}

/**
 * Registers the storage options. Call again to replace them (tests, HMR);
 * the S3 client is rebuilt when its connection settings change.
 */
export function configureStorage(options: StorageOptions | (() => StorageOptions)): void {
  if (typeof options === 'function') {
    cache.__storageConfig = { source: options };
  } else {
    cache.__storageConfig = { source: options, resolved: resolve(options) };
  }
}

/**
 * Whether storage was configured at all. Without it uploads are off, but records that have files (from
 * before, or from another environment) still read: their files' URLs are null, as nothing can serve them.
 */
export function isStorageConfigured(): boolean {
  return cache.__storageConfig !== undefined;
}

/** The resolved configuration. Throws a clear Error when storage was never configured or is invalid. */
export function storageConfig(): StorageConfig {
  const state = cache.__storageConfig;
  if (!state) {
    // Uploads are off, not broken: a 503 for the client; the operator's
    // message is its reason, logged as a warning with the request id.
    throw new ServiceUnavailable('Uploads are not available', {
      cause: new RefusalReason(
        'Storage is not configured: call configureStorage() at server start-up (set the S3_* variables, or run `npm run dev`, which starts an embedded S3 server).',
      ),
    });
  }
  if (!state.resolved) {
    state.resolved = resolve(typeof state.source === 'function' ? state.source() : state.source);
  }
  return state.resolved;
}

/** Forgets the configuration (tests). */
export function resetStorageConfig(): void {
  cache.__storageConfig = undefined;
}
