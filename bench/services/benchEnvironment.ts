// demo:file (npm run demo:remove deletes this file)
/**
 * What every bench entry point (run, breakdown, diagnose) starts with: a
 * temporary folder removed on exit, its own PostgreSQL and s3rver, and the
 * environment the app reads (env.ts) pointing at them.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cleanup } from '../cleanup';
import { type BenchDatabase, startDatabase } from './database';
import { type BenchS3, startS3Process } from './s3Process';

const BENCH_SESSION_SECRET = 'bench-session-secret-not-for-production-0123456789';

/** A temporary folder, removed by `cleanup`. */
export function benchTempDir(cleanup: Cleanup, name: string): string {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), `template-bench-${name}-`));
  // As root, the embedded PostgreSQL runs as the `postgres` user, which must reach its folder.
  chmodSync(tempDir, 0o755);
  cleanup.add('remove the temporary folder', () => rmSync(tempDir, { recursive: true, force: true }));
  return tempDir;
}

/** The database and s3rver, and the app's variables pointing at them (set them before importing app code). */
export async function startBenchServices(
  cleanup: Cleanup,
  tempDir: string,
): Promise<{ database: BenchDatabase; s3: BenchS3; env: Record<string, string> }> {
  const database = await startDatabase({ serverUrl: process.env.DATABASE_URL, tempDir, cleanup });
  const s3 = await startS3Process({ dataDir: path.join(tempDir, 's3'), cleanup });
  const env: Record<string, string> = {
    ...s3.env,
    DATABASE_URL: database.url,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    AUTH_DEV_LOGIN: 'true',
    // The bench measures throughput: thousands of presigns a minute from one user are the point here,
    // so the per-user presign limit (docs/rate-limits.md) would only turn them into 429s.
    RATE_LIMIT_PRESIGN: 'off',
    // Production refuses to start without a mail transport (env.ts); the bench sends no mail worth reading.
    MAIL_TRANSPORT: 'log',
  };
  return { database, s3, env };
}
