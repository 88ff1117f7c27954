/**
 * Test helper (imported by *.test.ts only): a real s3rver in a temporary
 * folder, with storage configured to use it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configureStorage, type StorageOptions } from '../storage/configureStorage';
import { type EmbeddedS3, S3RVER_CREDENTIALS, startS3Server } from './s3Server';

export interface TestStorage {
  s3: EmbeddedS3;
  options: StorageOptions;
  /** Stops s3rver and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startTestStorage(overrides: Partial<StorageOptions> = {}): Promise<TestStorage> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
  const s3 = await startS3Server({ dir });
  const options: StorageOptions = {
    bucket: s3.bucket,
    region: 'us-east-1',
    ...S3RVER_CREDENTIALS,
    endpoint: s3.endpoint,
    ...overrides,
  };
  configureStorage(options);
  let stopped = false;
  return {
    s3,
    options,
    async stop() {
      if (!stopped) {
        stopped = true;
        await s3.stop();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
