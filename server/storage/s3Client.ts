/**
 * The one S3 client of the process, built from `storageConfig()` on first use
 * and cached on globalThis. It is rebuilt only when the connection settings
 * change (a new `configureStorage()` call in tests or after HMR).
 */
import { S3Client } from '@aws-sdk/client-s3';
import { type StorageConfig, storageConfig } from './configureStorage';

interface ClientCache {
  fingerprint: string;
  client: S3Client;
}

const cache = globalThis as typeof globalThis & { __s3Client?: ClientCache };

function fingerprintOf(config: StorageConfig): string {
  return JSON.stringify([
    config.region,
    config.endpoint,
    config.accessKeyId,
    config.secretAccessKey,
    config.connectionTimeoutMs,
    config.socketTimeoutMs,
    config.maxAttempts,
  ]);
}

function build(config: StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(config.endpoint
      ? // S3-compatible stores (R2, MinIO, s3rver) address buckets by path, not by sub-domain.
        { endpoint: config.endpoint, forcePathStyle: true }
      : {}),
    // The SDK's default (a CRC32 on every request) corrupts streamed PutObject
    // on s3rver and signs an empty-body checksum into presigned URLs, which
    // R2 and MinIO then reject. Checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: config.maxAttempts,
    requestHandler: {
      connectionTimeout: config.connectionTimeoutMs,
      socketTimeout: config.socketTimeoutMs,
    },
  });
}

/** The shared S3 client for the current configuration. */
export function s3Client(): S3Client {
  const config = storageConfig();
  const fingerprint = fingerprintOf(config);
  const cached = cache.__s3Client;
  if (cached?.fingerprint === fingerprint) return cached.client;
  // Settings changed: drop the old client's sockets. Only tests and HMR get here.
  cached?.client.destroy();
  const client = build(config);
  cache.__s3Client = { fingerprint, client };
  return client;
}
