/**
 * `npm run storage:setup` as an operator runs it, twice, against a real
 * s3rver: the first run applies CORS, the second changes nothing; both print
 * that s3rver refused the lifecycle rule. Bad or missing settings exit 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedS3, startS3Server } from '@/server/testing';

let s3: EmbeddedS3;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'storage-setup-'));
  s3 = await startS3Server({ dir, allowedOrigins: ['http://localhost:1'] });
});
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function setup(
  extra: Record<string, string>,
  { withStorage = true } = {},
): Promise<{ code: number; output: string }> {
  // Only what the script needs: no DATABASE_URL, no .env files of the developer's (NODE_ENV=test skips .env.local).
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test' as const,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(withStorage ? s3.env : {}),
    ...extra,
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/storageSetup.ts'],
      {
        env,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

describe('npm run storage:setup', () => {
  it('run twice: CORS applied, then unchanged; the lifecycle rule refused by s3rver, said both times', async () => {
    const extra = { APP_URL: 'https://app.example.com/some/path', STORAGE_CORS_ORIGINS: 'https://admin.example.com' };
    const first = await setup(extra);
    console.info(first.output);
    expect(first.code).toBe(0);
    expect(first.output).toContain(`bucket ${s3.bucket} at ${s3.endpoint}`);
    expect(first.output).toMatch(
      /cors: applied - https:\/\/app\.example\.com, https:\/\/admin\.example\.com may GET, PUT, HEAD/,
    );
    expect(first.output).toMatch(/lifecycle: REFUSED - NotImplemented: add it by hand \(objects under staging\//);

    const second = await setup(extra);
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/cors: unchanged - https:\/\/app\.example\.com, https:\/\/admin\.example\.com/);
    expect(second.output).toMatch(/lifecycle: REFUSED/);
  }, 60_000);

  it('exits 1 with the reason when no origin is known, an origin is malformed, or storage is not configured', async () => {
    const noOrigin = await setup({});
    expect(noOrigin.code).toBe(1);
    expect(noOrigin.output).toContain('set APP_URL');

    const malformed = await setup({ APP_URL: 'https://app.example.com', STORAGE_CORS_ORIGINS: 'ftp://x, nope' });
    expect(malformed.code).toBe(1);
    expect(malformed.output).toContain('STORAGE_CORS_ORIGINS');
    expect(malformed.output).toContain('"nope" is not an http(s) origin');
    expect(malformed.output).not.toMatch(/\n\s+at /); // no stack trace

    const noStorage = await setup({ APP_URL: 'https://app.example.com' }, { withStorage: false });
    expect(noStorage.code).toBe(1);
    expect(noStorage.output).toContain('storage is not configured');
  }, 60_000);
});
